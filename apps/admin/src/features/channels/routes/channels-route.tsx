import {
  channelFee,
  formatDisplayAmount,
  parseAmount,
  percentToBp,
  type AdminDepositChannel,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '@/components/query-content';
import { Feedback } from '@/components/feedback';
import { SubmitButton } from '@/components/submit-button';
import { useFormSave } from '@/components/use-save';
import { issueText } from '@/lib/error-text';
import { getChannelsQueryOptions, updateChannel } from '../api/channels';
import {
  channelChanges,
  channelFieldOf,
  channelResolver,
  draftOf,
  type ChannelDraft,
} from '../components/channel-changes';
import styles from './channels-route.module.css';
import { ListPage } from '@/components/list-page';

type TextKey = Exclude<keyof ChannelDraft, 'enabled' | 'feeBearer'>;

/** The fee the draft would charge on the draft's minimum amount, for the operator to check. */
function feeExample(draft: ChannelDraft) {
  const amount = parseAmount(draft.minAmount.trim());
  const rateBp = percentToBp(draft.feeRate);
  const fixed = parseAmount(draft.feeFixed.trim());
  const min = parseAmount(draft.feeMin.trim());
  const max = draft.feeMax.trim() === '' ? null : parseAmount(draft.feeMax.trim());
  if (amount === null || rateBp === null || fixed === null || min === null) return null;
  if (draft.feeMax.trim() !== '' && max === null) return null;
  const fee = channelFee(amount, { rateBp, fixed, min, max });
  const credit = draft.feeBearer === 'member' ? amount - fee : amount;
  return {
    amount: formatDisplayAmount(amount),
    fee: formatDisplayAmount(fee),
    credit: formatDisplayAmount(credit),
  };
}

function ChannelForm({ channel }: { channel: AdminDepositChannel }) {
  const { t } = useTranslation();
  const form = useForm<ChannelDraft>({
    resolver: channelResolver(channel),
    defaultValues: draftOf(channel),
  });
  const save = useFormSave(form, t('channels.saved'), channelFieldOf);
  const [unchanged, setUnchanged] = useState(false);
  const issues = form.formState.errors;
  const testId = `channel-${channel.code}`;
  const example = feeExample(useWatch({ control: form.control }) as ChannelDraft);

  const submit = form.handleSubmit((draft) => {
    const change = channelChanges(channel, draft);
    setUnchanged(Object.keys(change).length === 0);
    if (Object.keys(change).length === 0) return;
    return save.run(async () => form.reset(draftOf(await updateChannel(channel.id, change))));
  });

  const field = (key: TextKey, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        {...form.register(key)}
        aria-invalid={issues[key] !== undefined}
        data-testid={`${testId}-${key}`}
      />
      {issues[key] !== undefined && (
        <span className="form__error" data-testid={`${testId}-${key}-error`}>
          {issueText(t, issues[key].message)}
        </span>
      )}
    </label>
  );

  return (
    <form
      className={styles.card}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid={testId}
    >
      <header className={styles.head}>
        <h2 className={styles.title}>{channel.names.EN}</h2>
        <span className="muted">
          {channel.code} · {t(`depositKind.${channel.kind}`)} ·{' '}
          {t(`payoutMethod.${channel.method}`)}
          {channel.gatewayCode && ` · ${channel.gatewayCode}`}
        </span>
        <label className={styles.toggle}>
          <input type="checkbox" {...form.register('enabled')} data-testid={`${testId}-enabled`} />
          {t('channels.enabled')}
        </label>
      </header>
      <div className={styles.grid}>
        {field('nameEN', t('channels.nameEN'))}
        {field('nameTL', t('channels.nameTL'))}
        {field('minAmount', t('channels.minAmount'))}
        {field('maxAmount', t('channels.maxAmount'))}
        {field('sequence', t('channels.sequence'))}
      </div>
      {channel.kind === 'manual' && (
        <div className={styles.grid}>
          {field('payeeName', t('channels.payeeName'))}
          {field('payeeAccount', t('channels.payeeAccount'))}
          {field('payeeBank', t('channels.payeeBank'))}
        </div>
      )}
      <fieldset className={styles.fee} data-testid={`${testId}-fee`}>
        <legend>{t('channels.feeTitle')}</legend>
        <div className={styles.grid}>
          {field('feeRate', t('channels.feeRate'))}
          {field('feeFixed', t('channels.feeFixed'))}
          {field('feeMin', t('channels.feeMin'))}
          {field('feeMax', t('channels.feeMax'))}
          <label className="field">
            <span>{t('channels.feeBearer')}</span>
            <select {...form.register('feeBearer')} data-testid={`${testId}-feeBearer`}>
              <option value="member">{t('channels.feeBearerMember')}</option>
              <option value="merchant">{t('channels.feeBearerMerchant')}</option>
            </select>
          </label>
        </div>
        {issues.root?.fee !== undefined && (
          <span className="form__error" data-testid={`${testId}-fee-error`}>
            {issueText(t, issues.root.fee.message)}
          </span>
        )}
        {example && (
          <p className="muted" data-testid={`${testId}-fee-example`}>
            {t('channels.feeExample', example)}
          </p>
        )}
      </fieldset>
      <Feedback
        message={unchanged ? { text: t('channels.nothingChanged'), ok: false } : save.message}
        testId={`${testId}-message`}
      />
      <div className="form__actions">
        <SubmitButton busy={save.busy} testId={`${testId}-save`} />
      </div>
    </form>
  );
}

/** Deposit channels: limits, names, payee, order and on/off, checked and audited by the server. */
export function ChannelsRoute() {
  const { t } = useTranslation();
  const query = useQuery(getChannelsQueryOptions());
  return (
    <ListPage title="channels" testId="channels-page">
      <QueryContent query={query}>
        {(channels) =>
          channels.length === 0 ? (
            <p className="muted">{t('common.empty')}</p>
          ) : (
            <div className={styles.list}>
              {channels.map((channel) => (
                <ChannelForm key={channel.id} channel={channel} />
              ))}
            </div>
          )
        }
      </QueryContent>
    </ListPage>
  );
}

export default ChannelsRoute;
