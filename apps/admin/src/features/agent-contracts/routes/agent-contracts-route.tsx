import {
  bpToPercent,
  ContractKind,
  AdminContractSettings,
  ContractOfferRequest,
  ContractPayPeriod,
  ContractStatus,
  type AdminContract,
} from '@app/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContractTypeFilter } from '@/components/contract-type-filter';
import { Feedback, type FeedbackMessage } from '@/components/feedback';
import { DataTable } from '@/components/data-table';
import { FilterBar, TextFilter, typedFilter, useListFilter } from '@/components/filter-bar';
import { TabbedPage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { RowButton } from '@/components/row-button';
import { SubmitButton } from '@/components/submit-button';
import { useFormSave } from '@/components/use-save';
import { QueryContent } from '@/components/query-content';
import { ReasonDialog } from '@/components/reason-dialog';
import { requestResolver } from '@/components/request-resolver';
import { ChoiceFilter } from '@/components/status-filter';
import { errorText } from '@/lib/error-text';
import { displayAmount } from '@/lib/format';
import { useDisplayTime } from '@/lib/merchant-zone';
import { useCan } from '@/lib/use-operator';
import {
  contractAction,
  getContractSettingsQueryOptions,
  getContractsQueryOptions,
  offerContract,
  saveContractSettings,
  type ContractAction,
  type ContractFilter,
} from '../api/agent-contracts';
import {
  isCountField,
  isRateField,
  offerRequestOf,
  ratesText,
  TIER_TABLES,
  tierTerms,
  settingsDraftOf,
  settingsRequestOf,
  type OfferDraft,
  type SettingsDraft,
  type TierRow,
} from '../components/contract-forms';

type Message = FeedbackMessage;

/**
 * The contract's rates tier by tier with the merchant's thresholds, e.g. "Tier 1 >= 50,000.00 &
 * 3 active: 0.30 %"; real-time: profit and loss rates per single bet amount.
 */
function ContractRates({
  contract,
  settings,
}: {
  contract: AdminContract;
  settings: AdminContractSettings | undefined;
}) {
  const { t } = useTranslation();
  if (!settings) return <>{ratesText(contract)}</>;
  const terms = tierTerms(contract, settings);
  if (terms.length === 0) return <>{ratesText(contract)}</>;
  return (
    <div data-testid={`agent-contract-rates-${contract.id}`}>
      {terms.map((term) => {
        const thresholds = [
          `>= ${displayAmount(term.minBet)}`,
          term.minActiveMembers === null
            ? null
            : t('agentContracts.tierActive', { count: term.minActiveMembers }),
          term.minNgr === null || Number(term.minNgr) === 0
            ? null
            : t('agentContracts.tierNgr', { amount: displayAmount(term.minNgr) }),
        ]
          .filter(Boolean)
          .join(' & ');
        const rate =
          contract.type === 'realtime_salary'
            ? t('agentContracts.tierProfitLoss', {
                profit: term.profitRateBp === null ? '-' : bpToPercent(term.profitRateBp),
                loss: term.lossRateBp === null ? '-' : bpToPercent(term.lossRateBp),
              })
            : `${term.rateBp === null ? '-' : bpToPercent(term.rateBp)} %`;
        return (
          <div key={term.tier}>
            {t(
              contract.type === 'realtime_salary'
                ? 'agentContracts.tierLineSingleBet'
                : 'agentContracts.tierLine',
              { n: term.tier, thresholds, rate },
            )}
          </div>
        );
      })}
    </div>
  );
}

/** What waits on a contract: the offer's answer, or a termination request and who made it. */
function PendingText({ contract }: { contract: AdminContract }) {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const pending = contract.pendingRequest;
  if (!pending) return null;
  return (
    <p className="muted" data-testid={`agent-contract-pending-${contract.id}`}>
      {t(`agentContracts.pending.${pending.type}`, {
        by: t(`agentContracts.parties.${pending.requestedBy}`),
        time: displayTime(pending.createdAt),
      })}
    </p>
  );
}

type ActionChoice = { contract: AdminContract; action: ContractAction };

/** The operator's actions a contract allows in its state. */
function actionsOf(contract: AdminContract): ContractAction[] {
  const out: ContractAction[] = [];
  if (contract.status === 'offered') out.push('withdraw');
  if (contract.status === 'active') {
    const pending = contract.pendingRequest;
    if (pending?.type === 'termination' && contract.upline === null) {
      out.push('termination/accept', 'termination/reject');
    }
    out.push('end');
    if (contract.type === 'dividend' && Number(contract.carry) < 0) out.push('carry/reset');
  }
  return out;
}

const ACTION_KEY = {
  end: 'end',
  'termination/accept': 'acceptTermination',
  'termination/reject': 'rejectTermination',
  withdraw: 'withdraw',
  'carry/reset': 'resetCarry',
} as const satisfies Record<ContractAction, string>;

/** End and carry reset need a reason; the others take an optional note. */
function ActionDialog({ choice, onClose }: { choice: ActionChoice; onClose: () => void }) {
  const { t } = useTranslation();
  const { contract, action } = choice;
  const key = ACTION_KEY[action];
  const required = action === 'end' || action === 'carry/reset';
  return (
    <ReasonDialog
      title={t(`agentContracts.actions.${key}Title`, { id: contract.id })}
      confirmLabel={t(`agentContracts.actions.${key}`)}
      optional={!required}
      onConfirm={(reason) => contractAction(contract.id, action, reason)}
      onClose={onClose}
      testId={`agent-contract-${key}`}
    >
      <p>
        {contract.downline} · {t(`agentContracts.types.${contract.type}`)} ·{' '}
        {t(`agentContracts.statuses.${contract.status}`)}
      </p>
      <p className="muted">
        {t(`agentContracts.actions.${key}Help`, { carry: displayAmount(contract.carry) })}
      </p>
    </ReasonDialog>
  );
}

/** Every contract of the merchant, by agent, type and status, with the operator's actions. */
function ContractList() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const canWrite = useCan('system.write');
  const { filter, refine, onPage } = useListFilter<ContractFilter>({ page: 1 });
  const [username, setUsername] = useState('');
  const [choice, setChoice] = useState<ActionChoice | null>(null);
  const query = useQuery(getContractsQueryOptions(filter));
  const settings = useQuery(getContractSettingsQueryOptions());
  return (
    <>
      {choice && <ActionDialog choice={choice} onClose={() => setChoice(null)} />}
      <FilterBar onSearch={() => refine({ username: typedFilter(username) })}>
        <TextFilter
          label={t('agentContracts.agent')}
          value={username}
          onChange={setUsername}
          testId="agent-contracts-username"
        />
        <ContractTypeFilter value={filter.type} onChange={(type) => refine({ type })} />
        <ChoiceFilter
          title={t('common.status')}
          options={ContractStatus.options}
          value={filter.status}
          label={(status) => t(`agentContracts.statuses.${status}`)}
          onChange={(status) => refine({ status })}
        />
      </FilterBar>
      <PagedTable
        query={query}
        onPage={onPage}
        testId="agent-contracts"
        // The agent, the state and the actions first: what fits a phone's width.
        columns={[
          { label: t('agentContracts.agent') },
          { label: t('common.status') },
          ...(canWrite ? [{ label: t('common.actions') }] : []),
          { label: t('agentContracts.type') },
          { label: t('agentContracts.rates') },
          { label: t('agentContracts.carry') },
          { label: t('agentContracts.offeredBy') },
          { label: t('common.createdAt') },
        ]}
        row={(contract) => (
          <tr key={contract.id} data-testid={`agent-contract-${contract.id}`}>
            <td>{contract.downline}</td>
            <td data-testid={`agent-contract-status-${contract.id}`}>
              {t(`agentContracts.statuses.${contract.status}`)}
              {contract.endReason && (
                <span className="muted">
                  {' '}
                  · {t(`agentContracts.endReasons.${contract.endReason}`, contract.endReason)}
                </span>
              )}
              <PendingText contract={contract} />
            </td>
            {canWrite && (
              <td className="actions">
                {actionsOf(contract).map((action) => (
                  <RowButton
                    key={action}
                    danger={action === 'end' || action === 'withdraw'}
                    onClick={() => setChoice({ contract, action })}
                    testId={`agent-contract-${ACTION_KEY[action]}-${contract.id}`}
                  >
                    {t(`agentContracts.actions.${ACTION_KEY[action]}`)}
                  </RowButton>
                ))}
              </td>
            )}
            <td>
              {t(`agentContracts.types.${contract.type}`)}
              {contract.period && ` (${t(`agentContracts.periods.${contract.period}`)})`}
            </td>
            <td>
              <ContractRates contract={contract} settings={settings.data} />
            </td>
            <td data-testid={`agent-contract-carry-${contract.id}`}>
              {contract.type === 'dividend'
                ? t('agentContracts.carryShortfall', {
                    carry: displayAmount(contract.carry),
                    shortfall: displayAmount(contract.shortfall),
                  })
                : '-'}
            </td>
            <td>{contract.upline ?? t('agentContracts.operator')}</td>
            <td>{displayTime(contract.createdAt)}</td>
          </tr>
        )}
      />
    </>
  );
}

/** The operator offers a top-level agent a contract within the merchant's maxima. */
function OfferForm({ settings }: { settings: AdminContractSettings }) {
  const { t } = useTranslation();
  const form = useForm<OfferDraft>({
    resolver: requestResolver(
      (draft: OfferDraft) => offerRequestOf(draft, settings[TIER_TABLES[draft.type].key].length),
      ContractOfferRequest,
    ),
    defaultValues: {
      username: '',
      type: 'daily_salary',
      period: settings.dividendPeriods[0] ?? 'W',
      rates: [],
      losses: [],
    },
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const tiers = settings[TIER_TABLES[type].key] as TierRow[];
  const offer = useMutation({ mutationFn: offerContract });
  const [message, setMessage] = useState<Message>(null);
  const maxima = (tier: TierRow) =>
    type === 'realtime_salary'
      ? `${bpToPercent(Number(tier.maxProfitRateBp))} / ${bpToPercent(Number(tier.maxLossRateBp))} %`
      : `${bpToPercent(Number(tier.maxRateBp))} %`;
  const submit = form.handleSubmit(
    (draft) =>
      offer.mutate(offerRequestOf(draft, tiers.length), {
        onSuccess: () =>
          setMessage({
            text: t('agentContracts.offered', { username: draft.username.trim() }),
            ok: true,
          }),
        onError: (error) => setMessage({ text: errorText(t, error), ok: false }),
      }),
    // The username's issue shows on its field; any other is a rate that is not a percent.
    (errors) =>
      setMessage(
        Object.keys(errors).some((key) => key !== 'username')
          ? { text: t('agentContracts.ratesInvalid'), ok: false }
          : null,
      ),
  );

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      data-testid="agent-contract-offer"
    >
      <p className="muted">{t('agentContracts.offerHelp')}</p>
      <label className="field">
        <span>{t('agentContracts.agent')}</span>
        <input
          {...form.register('username')}
          required
          aria-invalid={form.formState.errors.username !== undefined}
          data-testid="agent-contract-offer-username"
        />
      </label>
      <label className="field">
        <span>{t('agentContracts.type')}</span>
        <select
          {...form.register('type', {
            // Another type has other tiers: its rates start empty.
            onChange: () => form.reset({ ...form.getValues(), rates: [], losses: [] }),
          })}
          data-testid="agent-contract-offer-type"
        >
          {ContractKind.options.map((kind) => (
            <option key={kind} value={kind}>
              {t(`agentContracts.types.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      {type === 'dividend' && (
        <label className="field">
          <span>{t('agentContracts.period')}</span>
          <select {...form.register('period')}>
            {settings.dividendPeriods.map((p) => (
              <option key={p} value={p}>
                {t(`agentContracts.periods.${p}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {tiers.map((tier, i) => (
        <div key={`${type}-${i}`} className="toolbar">
          <label className="field">
            <span>
              {t(type === 'realtime_salary' ? 'agentContracts.profitRate' : 'agentContracts.rate', {
                n: i + 1,
              })}
            </span>
            <input
              {...form.register(`rates.${i}`)}
              inputMode="decimal"
              placeholder="0.00"
              data-testid={`agent-contract-offer-rate-${i}`}
            />
          </label>
          {type === 'realtime_salary' && (
            <label className="field">
              <span>{t('agentContracts.lossRate', { n: i + 1 })}</span>
              <input {...form.register(`losses.${i}`)} inputMode="decimal" placeholder="0.00" />
            </label>
          )}
          <span className="muted">{t('agentContracts.max', { max: maxima(tier) })}</span>
        </div>
      ))}
      <Feedback message={message} testId="agent-contract-offer-message" />
      <SubmitButton busy={offer.isPending} testId="agent-contract-offer-submit">
        {t('agentContracts.offer')}
      </SubmitButton>
    </form>
  );
}

/** One contract type's tier table in the settings form: thresholds and maximum rates. */
function TierTable({
  kind,
  form,
  can,
}: {
  kind: ContractKind;
  form: UseFormReturn<SettingsDraft>;
  can: boolean;
}) {
  const { t } = useTranslation();
  const { key, fields } = TIER_TABLES[kind];
  const rows = useFieldArray({ control: form.control, name: key });
  return (
    <fieldset className="field" data-testid={`agent-contract-tiers-${kind}`}>
      <legend>{t(`agentContracts.types.${kind}`)}</legend>
      <DataTable
        columns={[
          { label: t('agentContracts.tier') },
          ...fields.map((field) => ({ label: t(`agentContracts.fields.${field}`) })),
          { label: '' },
        ]}
        items={rows.fields}
        row={(row, i) => (
          <tr key={row.id}>
            <td>{i + 1}</td>
            {fields.map((field) => (
              <td key={field}>
                <input
                  {...form.register(`${key}.${i}.${field}`)}
                  aria-label={`${t(`agentContracts.fields.${field}`)} ${i + 1}`}
                  aria-invalid={form.getFieldState(`${key}.${i}.${field}`, form.formState).invalid}
                  disabled={!can}
                  inputMode="decimal"
                />
              </td>
            ))}
            <td>
              {can && (
                <RowButton onClick={() => rows.remove(i)}>
                  {t('agentContracts.removeTier')}
                </RowButton>
              )}
            </td>
          </tr>
        )}
      />
      {can && (
        <button
          type="button"
          className="button"
          onClick={() =>
            rows.append(
              form.getValues(key).at(-1) ??
                Object.fromEntries(
                  fields.map((f) => [f, isRateField(f) ? '0.00' : isCountField(f) ? '0' : '0.00']),
                ),
            )
          }
          data-testid={`agent-contract-add-tier-${kind}`}
        >
          {t('agentContracts.addTier')}
        </button>
      )}
    </fieldset>
  );
}

/** The merchant's tier tables: thresholds and maximum rates per contract type. */
function SettingsForm({ settings }: { settings: AdminContractSettings }) {
  const { t } = useTranslation();
  const can = useCan('system.write');
  const form = useForm<SettingsDraft>({
    resolver: requestResolver(settingsRequestOf, AdminContractSettings),
    defaultValues: settingsDraftOf(settings),
  });
  const save = useFormSave(form, t('agentContracts.saved'));
  const submit = form.handleSubmit((draft) =>
    save.run(async () =>
      form.reset(settingsDraftOf(await saveContractSettings(settingsRequestOf(draft)))),
    ),
  );

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      data-testid="agent-contract-settings"
    >
      <label className="field">
        <span>{t('agentContracts.activeMinValidBet')}</span>
        <input {...form.register('activeMinValidBet')} disabled={!can} />
      </label>
      <fieldset className="field">
        <legend>{t('agentContracts.dividendPeriods')}</legend>
        {ContractPayPeriod.options.map((p) => (
          <label key={p} className="field field--inline">
            <input
              type="checkbox"
              value={p}
              {...form.register('dividendPeriods')}
              disabled={!can}
            />
            <span>{t(`agentContracts.periods.${p}`)}</span>
          </label>
        ))}
      </fieldset>
      {ContractKind.options.map((kind) => (
        <TierTable key={kind} kind={kind} form={form} can={can} />
      ))}
      <Feedback message={save.message} testId="agent-contract-settings-message" />
      {can && <SubmitButton busy={save.busy} testId="agent-contract-settings-save" />}
    </form>
  );
}

const TABS = ['contracts', 'offer', 'settings'] as const;

/**
 * Agent contracts in the back office (decision 014): every contract, the operator's offers to
 * top-level agents and the merchant's tier tables. Offers and changes need `system.write`.
 */
export function AgentContractsRoute() {
  const { t } = useTranslation();
  const canWrite = useCan('system.write');
  const settings = useQuery(getContractSettingsQueryOptions());
  return (
    <TabbedPage
      title="agentContracts"
      name="agent-contracts"
      tabs={canWrite ? TABS : (['contracts', 'settings'] as const)}
      initial="contracts"
      label={(value) => t(`agentContracts.tabs.${value}`)}
    >
      {(tab) =>
        tab === 'contracts' ? (
          <ContractList />
        ) : (
          <QueryContent query={settings}>
            {(value) =>
              tab === 'offer' ? <OfferForm settings={value} /> : <SettingsForm settings={value} />
            }
          </QueryContent>
        )
      }
    </TabbedPage>
  );
}

export default AgentContractsRoute;
