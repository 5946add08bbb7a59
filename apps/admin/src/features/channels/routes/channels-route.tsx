import {
  channelFee,
  formatDisplayAmount,
  parseAmount,
  percentToBp,
  type AdminDepositChannel,
  type FeeBearer,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '@/components/query-content';
import { fieldIssues } from '@app/client';
import { errorText, issueText } from '@/lib/error-text';
import { getChannelsQueryOptions, updateChannel } from '../api/channels';
import { channelChanges, draftOf, type ChannelDraft } from '../components/channel-changes';
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
  const [draft, setDraft] = useState(() => draftOf(channel));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const testId = `channel-${channel.code}`;
  const example = feeExample(draft);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const change = channelChanges(channel, draft);
    if (Object.keys(change).length === 0) {
      setMessage({ text: t('channels.nothingChanged'), ok: false });
      return;
    }
    setBusy(true);
    setIssues({});
    setMessage(null);
    try {
      const saved = await updateChannel(channel.id, change);
      setDraft(draftOf(saved));
      setMessage({ text: t('channels.saved'), ok: true });
    } catch (error) {
      setIssues(fieldIssues(error));
      setMessage({ text: errorText(t, error), ok: false });
    } finally {
      setBusy(false);
    }
  }

  const field = (key: TextKey, label: string, issueKey: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={draft[key]}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        aria-invalid={issues[issueKey] !== undefined}
        data-testid={`${testId}-${key}`}
      />
      {issues[issueKey] !== undefined && (
        <span className="form__error" data-testid={`${testId}-${key}-error`}>
          {issueText(t, issues[issueKey])}
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
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
            data-testid={`${testId}-enabled`}
          />
          {t('channels.enabled')}
        </label>
      </header>
      <div className={styles.grid}>
        {field('nameEN', t('channels.nameEN'), 'names.EN')}
        {field('nameTL', t('channels.nameTL'), 'names.TL')}
        {field('minAmount', t('channels.minAmount'), 'minAmount')}
        {field('maxAmount', t('channels.maxAmount'), 'maxAmount')}
        {field('sequence', t('channels.sequence'), 'sequence')}
      </div>
      {channel.kind === 'manual' && (
        <div className={styles.grid}>
          {field('payeeName', t('channels.payeeName'), 'payee.name')}
          {field('payeeAccount', t('channels.payeeAccount'), 'payee.account')}
          {field('payeeBank', t('channels.payeeBank'), 'payee.bank')}
        </div>
      )}
      <fieldset className={styles.fee} data-testid={`${testId}-fee`}>
        <legend>{t('channels.feeTitle')}</legend>
        <div className={styles.grid}>
          {field('feeRate', t('channels.feeRate'), 'fee.rateBp')}
          {field('feeFixed', t('channels.feeFixed'), 'fee.fixed')}
          {field('feeMin', t('channels.feeMin'), 'fee.min')}
          {field('feeMax', t('channels.feeMax'), 'fee.max')}
          <label className="field">
            <span>{t('channels.feeBearer')}</span>
            <select
              value={draft.feeBearer}
              onChange={(event) =>
                setDraft({ ...draft, feeBearer: event.target.value as FeeBearer })
              }
              data-testid={`${testId}-feeBearer`}
            >
              <option value="member">{t('channels.feeBearerMember')}</option>
              <option value="merchant">{t('channels.feeBearerMerchant')}</option>
            </select>
          </label>
        </div>
        {issues.fee !== undefined && (
          <span className="form__error" data-testid={`${testId}-fee-error`}>
            {issueText(t, issues.fee)}
          </span>
        )}
        {example && (
          <p className="muted" data-testid={`${testId}-fee-example`}>
            {t('channels.feeExample', example)}
          </p>
        )}
      </fieldset>
      {message && (
        <p
          className={message.ok ? 'notice' : 'form__error'}
          role={message.ok ? 'status' : 'alert'}
          data-testid={`${testId}-message`}
        >
          {message.text}
        </p>
      )}
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid={`${testId}-save`}
        >
          {t('common.save')}
        </button>
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
