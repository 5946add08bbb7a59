import { zodResolver } from '@hookform/resolvers/zod';
import {
  PATTERN_IDS,
  UpdateCurrencyRequest,
  UpdateTimeZoneRequest,
  UpdateMaintenanceRequest,
  type AdminDomain,
  type AdminSystemSettings,
  type FieldRule,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Feedback, type FeedbackMessage } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { TabbedPage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { RowButton } from '@/components/row-button';
import { QueryContent } from '@/components/query-content';
import { SubmitButton } from '@/components/submit-button';
import { useFormSave, useSave } from '@/components/use-save';
import { issueText } from '@/lib/error-text';
import {
  createDomain,
  createRegionRule,
  deleteDomain,
  deleteRegionRule,
  deleteResource,
  getRegionRulesQueryOptions,
  getSystemSettingsQueryOptions,
  saveCurrency,
  saveTimeZone,
  saveCustomerService,
  saveMaintenance,
  saveRegisterField,
  saveResource,
  saveSwitch,
  updateDomain,
} from '../api/system';
import {
  resourceRows,
  ruleDraftOf,
  ruleRequestOf,
  type RuleDraft,
} from '../components/system-forms';

const TABS = [
  'maintenance',
  'regions',
  'whitelabel',
  'register',
  'links',
  'currency',
  'domains',
] as const;

/** The save of one form or row of the settings. */
function useSystemSave() {
  const { t } = useTranslation();
  return useSave(t('system.saved'));
}

function Issue({ issue }: { issue: string | undefined }) {
  const { t } = useTranslation();
  if (issue === undefined) return null;
  return <span className="form__error">{issueText(t, issue)}</span>;
}

/** A labelled text input: held by a react-hook-form form (`registration`) or by state. */
function TextField(props: {
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  registration?: UseFormRegisterReturn;
  issue?: string | undefined;
  testId: string;
  multiline?: boolean;
}) {
  const input = {
    ...(props.registration ?? {
      value: props.value,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        props.onChange?.(event.target.value),
    }),
    'aria-invalid': props.issue !== undefined,
    'data-testid': props.testId,
  };
  return (
    <label className="field">
      <span>{props.label}</span>
      {props.multiline ? <textarea rows={3} {...input} /> : <input {...input} />}
      <Issue issue={props.issue} />
    </label>
  );
}

function Maintenance({ settings }: { settings: AdminSystemSettings }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(UpdateMaintenanceRequest),
    defaultValues: settings.maintenance,
  });
  const save = useFormSave(form, t('system.saved'));
  const enabled = useWatch({ control: form.control, name: 'enabled' });
  const issues = form.formState.errors;
  // The switch buttons send the other state; the server refuses switching on without a title.
  const submit = (switchTo: boolean) =>
    form.handleSubmit((draft) =>
      save.run(async () =>
        form.reset((await saveMaintenance({ ...draft, enabled: switchTo })).maintenance),
      ),
    );
  return (
    <form
      className="form"
      onSubmit={(event) => void submit(enabled)(event)}
      noValidate
      data-testid="maintenance-form"
    >
      <p data-testid="maintenance-state">
        {enabled ? t('system.maintenanceOn') : t('system.maintenanceOff')}
      </p>
      {(['title', 'info'] as const).flatMap((part) =>
        (['EN', 'TL'] as const).map((language) => (
          <TextField
            key={`${part}-${language}`}
            label={t(`system.${part}${language}`)}
            registration={form.register(`${part}.${language}`)}
            issue={
              issues[part]?.[language]?.message ??
              (language === 'EN' ? issues[part]?.message : undefined)
            }
            testId={`maintenance-${part}-${language.toLowerCase()}`}
            multiline={part === 'info'}
          />
        )),
      )}
      <Feedback message={save.message} testId="maintenance-message" />
      <div className="form__actions">
        <SubmitButton busy={save.busy} testId="maintenance-save" />
        <button
          type="button"
          className={enabled ? 'button button--primary' : 'button button--danger'}
          disabled={save.busy}
          onClick={(event) => void submit(!enabled)(event)}
          data-testid={enabled ? 'maintenance-off' : 'maintenance-on'}
        >
          {enabled ? t('system.switchOff') : t('system.switchOn')}
        </button>
      </div>
    </form>
  );
}

function RegionRules() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<'country' | 'ip'>('country');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const save = useSystemSave();
  const query = useQuery(getRegionRulesQueryOptions(page));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await save.run(() =>
      createRegionRule(
        kind === 'country'
          ? { countryCode: value.trim(), note: note.trim() }
          : { ipRange: value.trim(), note: note.trim() },
      ),
    );
    if (ok) {
      setValue('');
      setNote('');
    }
  }
  return (
    <>
      <form className="filters" onSubmit={(event) => void submit(event)} noValidate>
        <label className="field field--inline">
          <span>{t('system.ruleKind')}</span>
          <select
            value={kind}
            onChange={(event) => setKind(event.target.value === 'ip' ? 'ip' : 'country')}
            data-testid="region-kind"
          >
            <option value="country">{t('system.country')}</option>
            <option value="ip">{t('system.ipRange')}</option>
          </select>
        </label>
        <TextField
          label={kind === 'country' ? t('system.countryHelp') : t('system.ipRangeHelp')}
          value={value}
          onChange={setValue}
          issue={save.issues['countryCode'] ?? save.issues['ipRange']}
          testId="region-value"
        />
        <TextField label={t('common.note')} value={note} onChange={setNote} testId="region-note" />
        <SubmitButton busy={save.busy} testId="region-add">
          {t('system.add')}
        </SubmitButton>
      </form>
      <Feedback message={save.message} testId="region-message" />
      <PagedTable
        query={query}
        columns={[
          { label: t('system.country') },
          { label: t('system.ipRange') },
          { label: t('common.note') },
          { label: t('common.actions') },
        ]}
        row={(rule) => (
          <tr key={rule.id}>
            <td>{rule.countryCode}</td>
            <td>{rule.ipRange}</td>
            <td>{rule.note}</td>
            <td>
              <RowButton
                danger
                onClick={() => setRemoving(rule.id)}
                testId={`region-delete-${rule.id}`}
              >
                {t('system.remove')}
              </RowButton>
            </td>
          </tr>
        )}
        onPage={setPage}
        testId="region-rules"
        tableTestId="region-rules"
      />
      {removing !== null && (
        <ConfirmDialog
          title={t('system.removeRule')}
          text={t('system.removeText')}
          confirmLabel={t('system.remove')}
          onConfirm={async () => {
            await deleteRegionRule(removing);
          }}
          onClose={() => setRemoving(null)}
          testId="region-delete-confirm"
        />
      )}
    </>
  );
}

function Whitelabel({ settings }: { settings: AdminSystemSettings }) {
  const { t } = useTranslation();
  const save = useSystemSave();
  return (
    <div className="form" data-testid="whitelabel">
      <p className="muted">{t('system.whitelabelHelp')}</p>
      {settings.whitelabel.map((item) => (
        <label key={item.code} className="field field--inline">
          <input
            type="checkbox"
            checked={item.enabled}
            disabled={save.busy}
            onChange={(event) => void save.run(() => saveSwitch(item.code, event.target.checked))}
            data-testid={`switch-${item.code}`}
          />
          <span>
            {item.code}: {t(`system.switches.${item.code}`)}
          </span>
        </label>
      ))}
      <Feedback message={save.message} testId="whitelabel-message" />
    </div>
  );
}

function RuleRow({ rule }: { rule: FieldRule }) {
  const { t } = useTranslation();
  const form = useForm<RuleDraft>({ defaultValues: ruleDraftOf(rule) });
  const save = useFormSave(form, t('system.saved'));
  const issues = form.formState.errors;
  const testId = `rule-${rule.field}`;
  // One cell per rule part, labelled for screen readers (the column head says it for the eye).
  const cell = (key: keyof RuleDraft, input: ReactNode) => <td key={key}>{input}</td>;
  const switchCell = (key: 'enabled' | 'required') =>
    cell(
      key,
      <input
        type="checkbox"
        {...form.register(key)}
        aria-label={t(`system.${key}`)}
        data-testid={`${testId}-${key}`}
      />,
    );
  const textCell = (key: 'acceptedPattern' | 'minLength' | 'maxLength', label: string) =>
    cell(
      key,
      <input
        {...form.register(key)}
        size={key === 'acceptedPattern' ? undefined : 3}
        aria-label={label}
        aria-invalid={issues[key] !== undefined}
      />,
    );
  const submit = form.handleSubmit((draft) =>
    save.run(() => saveRegisterField(rule.field, ruleRequestOf(draft))),
  );
  return (
    <tr data-testid={testId}>
      <td>{rule.field}</td>
      {switchCell('enabled')}
      {switchCell('required')}
      {textCell('acceptedPattern', t('system.pattern'))}
      {cell(
        'patternId',
        <select {...form.register('patternId')} aria-label={t('system.patternId')}>
          {PATTERN_IDS.map((id) => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>,
      )}
      {textCell('minLength', t('system.minLength'))}
      {textCell('maxLength', t('system.maxLength'))}
      <td>
        <button
          type="button"
          className="button"
          disabled={save.busy}
          onClick={(event) => void submit(event)}
          data-testid={`${testId}-save`}
        >
          {t('common.save')}
        </button>
        <Feedback message={save.message} testId={`${testId}-message`} />
        <Issue issue={Object.values(save.issues)[0]} />
      </td>
    </tr>
  );
}

function RegisterFields({ settings }: { settings: AdminSystemSettings }) {
  const { t } = useTranslation();
  return (
    <DataTable
      testId="register-rules"
      columns={[
        { label: t('system.field') },
        { label: t('system.enabled') },
        { label: t('system.required') },
        { label: t('system.pattern') },
        { label: t('system.patternId') },
        { label: t('system.minLength') },
        { label: t('system.maxLength') },
        { label: t('common.actions') },
      ]}
      items={settings.register}
      row={(rule) => <RuleRow key={rule.field} rule={rule} />}
    />
  );
}

function ResourceRow({ row }: { row: ReturnType<typeof resourceRows>[number] }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(row.labelNameEn || row.key);
  const [url, setUrl] = useState(row.url);
  const save = useSystemSave();
  const testId = `resource-${row.key}`;
  return (
    <tr data-testid={testId}>
      <td>{row.key}</td>
      <td>
        <input
          value={label}
          aria-label={t('system.label')}
          onChange={(event) => setLabel(event.target.value)}
          data-testid={`${testId}-label`}
        />
      </td>
      <td>
        <input
          value={url}
          aria-label={t('system.url')}
          aria-invalid={save.issues['url'] !== undefined}
          onChange={(event) => setUrl(event.target.value)}
          data-testid={`${testId}-url`}
        />
        <Issue issue={save.issues['url'] ?? save.issues['labelNameEn']} />
      </td>
      <td>
        <div className="toolbar">
          <button
            type="button"
            className="button"
            disabled={save.busy}
            onClick={() => void save.run(() => saveResource(row.key, { labelNameEn: label, url }))}
            data-testid={`${testId}-save`}
          >
            {t('common.save')}
          </button>
          {row.saved && (
            <button
              type="button"
              className="button button--danger"
              disabled={save.busy}
              onClick={() =>
                void save.run(async () => {
                  await deleteResource(row.key);
                  setUrl('');
                })
              }
              data-testid={`${testId}-delete`}
            >
              {t('system.remove')}
            </button>
          )}
        </div>
        <Feedback message={save.message} testId={`${testId}-message`} />
      </td>
    </tr>
  );
}

function Links({ settings }: { settings: AdminSystemSettings }) {
  const { t } = useTranslation();
  const [serviceUrl, setServiceUrl] = useState(settings.customerServiceUrl);
  const [newKey, setNewKey] = useState('');
  const save = useSystemSave();
  const rows = resourceRows(settings.resources);
  const adding = newKey.trim().toUpperCase();
  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(() => saveCustomerService(serviceUrl.trim()));
        }}
      >
        <TextField
          label={t('system.customerService')}
          value={serviceUrl}
          onChange={setServiceUrl}
          issue={save.issues['url']}
          testId="customer-service-url"
        />
        <Feedback message={save.message} testId="customer-service-message" />
        <div className="form__actions">
          <SubmitButton busy={save.busy} testId="customer-service-save" />
        </div>
      </form>
      <h2>{t('system.resources')}</h2>
      <DataTable
        testId="resources"
        columns={[
          { label: t('system.key') },
          { label: t('system.label') },
          { label: t('system.url') },
          { label: t('common.actions') },
        ]}
        items={rows}
        row={(row) => <ResourceRow key={row.key} row={row} />}
      >
        {adding && !rows.some((row) => row.key === adding) && (
          <ResourceRow
            key={`new-${adding}`}
            row={{ key: adding, labelNameEn: '', url: '', saved: false }}
          />
        )}
      </DataTable>
      <TextField
        label={t('system.newKey')}
        value={newKey}
        onChange={setNewKey}
        testId="resource-new-key"
      />
    </>
  );
}

/** A settings form of one save: its help line, its fields, the save's outcome and button. */
function SettingsForm({
  help,
  save,
  onSubmit,
  testId,
  children,
}: {
  help: string;
  save: { message: FeedbackMessage; busy: boolean };
  onSubmit: (event: FormEvent) => Promise<unknown>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="muted">{help}</p>
      {children}
      <Feedback message={save.message} testId={`${testId}-message`} />
      <div className="form__actions">
        <SubmitButton busy={save.busy} testId={`${testId}-save`} />
      </div>
    </form>
  );
}

function Currency({ settings }: { settings: AdminSystemSettings }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(UpdateCurrencyRequest),
    defaultValues: settings.currency,
  });
  const save = useFormSave(form, t('system.saved'));
  const issues = form.formState.errors;
  const submit = form.handleSubmit((request) =>
    save.run(async () => form.reset((await saveCurrency(request)).currency)),
  );
  return (
    <SettingsForm help={t('system.currencyHelp')} save={save} onSubmit={submit} testId="currency">
      <TextField
        label={t('system.currency')}
        registration={form.register('currency', {
          setValueAs: (code: string) => code.trim().toUpperCase(),
        })}
        issue={issues.currency?.message}
        testId="currency-code"
      />
      <TextField
        label={t('system.currencySymbol')}
        registration={form.register('currencySymbol')}
        issue={issues.currencySymbol?.message}
        testId="currency-symbol"
      />
    </SettingsForm>
  );
}

/** The merchant's time zone (decision 024): refused unless the runtime knows the name. */
function TimeZone({ settings }: { settings: AdminSystemSettings }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(UpdateTimeZoneRequest),
    defaultValues: { timeZone: settings.timeZone },
  });
  const save = useFormSave(form, t('system.saved'));
  const submit = form.handleSubmit((request) =>
    save.run(async () => form.reset({ timeZone: (await saveTimeZone(request)).timeZone })),
  );
  return (
    <SettingsForm help={t('system.timeZoneHelp')} save={save} onSubmit={submit} testId="time-zone">
      <TextField
        label={t('system.timeZone')}
        registration={form.register('timeZone', { setValueAs: (name: string) => name.trim() })}
        issue={form.formState.errors.timeZone?.message}
        testId="time-zone"
      />
    </SettingsForm>
  );
}

const NEW_DOMAIN = { host: '', isMain: false, route: '/', affiliateCode: '' };

function DomainForm({ domain, onDone }: { domain: AdminDomain | null; onDone?: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(
    domain ? { ...domain, affiliateCode: domain.affiliateCode ?? '' } : NEW_DOMAIN,
  );
  const save = useSystemSave();
  const testId = domain ? `domain-${domain.id}` : 'domain-new';
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      host: draft.host.trim(),
      isMain: draft.isMain,
      route: draft.route.trim(),
      affiliateCode: draft.affiliateCode.trim() || null,
    };
    const ok = await save.run(() => (domain ? updateDomain(domain.id, body) : createDomain(body)));
    if (ok && !domain) setDraft(NEW_DOMAIN);
    if (ok) onDone?.();
  }
  return (
    <form
      className="filters"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid={testId}
    >
      {(['host', 'route', 'affiliateCode'] as const).map((key) => (
        <TextField
          key={key}
          label={t(`system.${key}`)}
          value={draft[key]}
          onChange={(value) => setDraft({ ...draft, [key]: value })}
          issue={save.issues[key]}
          testId={`${testId}-${key === 'affiliateCode' ? 'affiliate' : key}`}
        />
      ))}
      <label className="field field--inline">
        <input
          type="checkbox"
          checked={draft.isMain}
          onChange={(event) => setDraft({ ...draft, isMain: event.target.checked })}
          data-testid={`${testId}-main`}
        />
        <span>{t('system.mainDomain')}</span>
      </label>
      <SubmitButton busy={save.busy} testId={`${testId}-save`}>
        {domain ? t('common.save') : t('system.add')}
      </SubmitButton>
      <Feedback message={save.message} testId={`${testId}-message`} />
    </form>
  );
}

function Domains({ settings }: { settings: AdminSystemSettings }) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<AdminDomain | null>(null);
  return (
    <div className="form" data-testid="domains">
      {settings.domains.map((domain) => (
        <div key={domain.id} className="toolbar">
          <DomainForm key={`${domain.id}-${domain.host}-${domain.isMain}`} domain={domain} />
          <RowButton
            danger
            onClick={() => setRemoving(domain)}
            testId={`domain-delete-${domain.id}`}
          >
            {t('system.remove')}
          </RowButton>
        </div>
      ))}
      <h2>{t('system.addDomain')}</h2>
      <DomainForm domain={null} />
      {removing && (
        <ConfirmDialog
          title={t('system.removeDomain', { host: removing.host })}
          text={t('system.removeText')}
          confirmLabel={t('system.remove')}
          onConfirm={async () => {
            await deleteDomain(removing.id);
          }}
          onClose={() => setRemoving(null)}
          testId="domain-delete-confirm"
        />
      )}
    </div>
  );
}

/**
 * System settings: maintenance, region rules, white-label switches, register field rules, links,
 * currency and domains. The member site reads them on its next call; every change is audited.
 */
export function SystemRoute() {
  const { t } = useTranslation();
  const query = useQuery(getSystemSettingsQueryOptions());
  return (
    <TabbedPage
      title="system"
      name="system"
      tabs={TABS}
      initial="maintenance"
      label={(name) => t(`system.tabs.${name}`)}
    >
      {(tab) =>
        tab === 'regions' ? (
          <RegionRules />
        ) : (
          <QueryContent query={query}>
            {(settings) => (
              <>
                {tab === 'maintenance' && <Maintenance settings={settings} />}
                {tab === 'whitelabel' && <Whitelabel settings={settings} />}
                {tab === 'register' && <RegisterFields settings={settings} />}
                {tab === 'links' && <Links settings={settings} />}
                {tab === 'currency' && (
                  <>
                    <Currency settings={settings} />
                    <TimeZone settings={settings} />
                  </>
                )}
                {tab === 'domains' && <Domains settings={settings} />}
              </>
            )}
          </QueryContent>
        )
      }
    </TabbedPage>
  );
}

export default SystemRoute;
