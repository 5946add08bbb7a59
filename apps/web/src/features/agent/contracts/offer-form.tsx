import './contract-texts';
import {
  bpToPercent,
  percentToBp,
  type ContractKind,
  type ContractOfferRequest,
  type ContractPayPeriod,
  type ContractTier,
  type ContractView,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, SelectField, TextField, SubmitButton } from '@/components/form/fields';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import shared from '@/components/money-page.module.css';
import { getDownlinesQueryOptions } from '../team/api/team';
import { offerContract } from './api/contracts';
import { isRealtime, tierMaxBp, tierThresholds } from './contract-rates';
import styles from './contracts.module.css';

type OfferFormProps = {
  type: ContractKind;
  tiers: ContractTier[];
  dividendPeriods: ContractPayPeriod[];
  /** The caller's own contract of the type in force: its rates cap the offer. */
  own: ContractView | null;
};

type Component = 'rate' | 'profit' | 'loss';
type RateErrors = Partial<Record<`${Component}-${number}`, string>>;

/** An offer of a contract to a direct downline agent: its username, pay period and tier rates. */
export function OfferForm({ type, tiers, dividendPeriods, own }: OfferFormProps) {
  const { t } = useTranslation();
  const realtime = isRealtime(type);
  const components: Component[] = realtime ? ['profit', 'loss'] : ['rate'];
  const [username, setUsername] = useState('');
  const [period, setPeriod] = useState<string>(own?.period ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [periodError, setPeriodError] = useState<string | null>(null);
  const [rateErrors, setRateErrors] = useState<RateErrors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const suggestionsId = useId();
  // The direct downline agents, offered as suggestions for the username (typing works too).
  const agents = useQuery({
    ...getDownlinesQueryOptions({
      depth: 'direct',
      type: 'agent',
      account: username.trim().toLowerCase().slice(0, 32),
      status: '',
      pageNum: 1,
    }),
    staleTime: 60_000,
  });

  if (tiers.length === 0)
    return <p className={shared.muted}>{t('agentContracts.offer.noTiers')}</p>;

  const key = (component: Component, index: number) => `${component}-${index}` as const;

  function readRates(): { bp: Record<Component, number[]>; errors: RateErrors } {
    const bp: Record<Component, number[]> = { rate: [], profit: [], loss: [] };
    const errors: RateErrors = {};
    tiers.forEach((tier, index) => {
      for (const component of components) {
        const max = tierMaxBp(tier, own, index, component);
        const value = percentToBp(values[key(component, index)] ?? '');
        if (value === null || value > max) {
          errors[key(component, index)] = t('agentContracts.offer.errors.rate', {
            max: bpToPercent(max),
          });
        } else if (index > 0 && value < (bp[component][index - 1] ?? 0)) {
          errors[key(component, index)] = t('agentContracts.offer.errors.order');
        }
        bp[component].push(value ?? 0);
      }
    });
    return { bp, errors };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const name = username.trim();
    const { bp, errors } = readRates();
    const noName = name ? null : t('agentContracts.offer.errors.username');
    const noPeriod =
      type === 'dividend' && !period ? t('agentContracts.offer.errors.period') : null;
    setUsernameError(noName);
    setPeriodError(noPeriod);
    setRateErrors(errors);
    if (noName || noPeriod || Object.keys(errors).length > 0) return;

    const request: ContractOfferRequest = realtime
      ? {
          username: name,
          type,
          rates: bp.profit.map((profitRateBp, i) => ({
            profitRateBp,
            lossRateBp: bp.loss[i] ?? 0,
          })),
        }
      : {
          username: name,
          type,
          ratesBp: bp.rate,
          ...(type === 'dividend' ? { period: period as ContractPayPeriod } : {}),
        };
    setBusy(true);
    try {
      await offerContract(request);
      setUsername('');
      setValues({});
      setMessage({ kind: 'info', text: t('agentContracts.offer.sent', { username: name }) });
    } catch (error) {
      const text = errorText(t, error);
      const tier = error instanceof ApiError ? error.value.tier : undefined;
      if (error instanceof ApiError && typeof tier === 'number') {
        setRateErrors({ [key(components[0]!, tier)]: text });
        setMessage({
          kind: 'error',
          text: t('agentContracts.offer.errors.tier', { n: tier + 1, message: text }),
        });
      } else if (
        error instanceof ApiError &&
        ['DOWNLINE_NOT_FOUND', 'CONTRACT_NOT_DIRECT_DOWNLINE', 'CONTRACT_NOT_AGENT'].includes(
          error.code,
        )
      ) {
        setUsernameError(text);
      } else if (error instanceof ApiError && error.code === 'CONTRACT_PERIOD_NOT_ALLOWED') {
        setPeriodError(text);
      } else {
        setMessage({ kind: 'error', text });
      }
    } finally {
      setBusy(false);
    }
  }

  const labelKey = {
    rate: 'agentContracts.offer.rateLabel',
    profit: 'agentContracts.offer.profitLabel',
    loss: 'agentContracts.offer.lossLabel',
  } as const;
  const testId = (component: Component, index: number) =>
    component === 'loss' ? `contract-offer-loss-rate-${index}` : `contract-offer-rate-${index}`;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="contract-offer-form"
    >
      <TextField
        label={t('agentContracts.offer.downline')}
        hint={t('agentContracts.offer.downlineHint')}
        value={username}
        onChange={setUsername}
        error={usernameError}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        list={suggestionsId}
        testId="contract-offer-downline"
      />
      <datalist id={suggestionsId}>
        {agents.data?.content.map((agent) => (
          <option key={agent.id} value={agent.account}>
            {agent.nickname ?? agent.account}
          </option>
        ))}
      </datalist>
      {type === 'dividend' && (
        <SelectField
          label={t('agentContracts.offer.period')}
          placeholder={t('agentContracts.offer.periodPlaceholder')}
          value={period}
          onChange={setPeriod}
          error={periodError}
          required
          options={dividendPeriods.map((value) => ({
            value,
            label: t(`agentContracts.periods.${value}`),
          }))}
          testId="contract-offer-period"
        />
      )}
      <p className={shared.muted}>{t('agentContracts.offer.needOwn')}</p>
      <div className={styles.rates}>
        {tiers.map((tier, index) =>
          components.map((component) => (
            <TextField
              key={key(component, index)}
              label={t(labelKey[component], { n: index + 1 })}
              hint={t('agentContracts.offer.maxHint', {
                requirements: tierThresholds(tier)
                  .map(([field, value]) => `${t(`agentContracts.thresholds.${field}`)} ${value}`)
                  .join(', '),
                max: bpToPercent(tierMaxBp(tier, own, index, component)),
              })}
              value={values[key(component, index)] ?? ''}
              onChange={(value) => setValues((old) => ({ ...old, [key(component, index)]: value }))}
              error={rateErrors[key(component, index)]}
              required
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              testId={testId(component, index)}
            />
          )),
        )}
      </div>
      {message && (
        <FormMessage kind={message.kind} testId="contract-offer-message">
          {message.text}
        </FormMessage>
      )}
      <SubmitButton pending={busy} testId="contract-offer-submit">
        {t('agentContracts.offer.submit')}
      </SubmitButton>
    </form>
  );
}
