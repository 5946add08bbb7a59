import './contract-texts';
import {
  bpToPercent,
  type ContractKind,
  type ContractPayPeriod,
  type ContractTier,
  type ContractView,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FormNote,
  FormNoteMessage,
  SelectField,
  TextField,
  SubmitButton,
  UsernameField,
} from '@/components/form/fields';
import { bindField, submitAfresh, translatedText, useZodForm } from '@/components/form/zod-form';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import shared from '@/components/money-page.module.css';
import { getDownlinesQueryOptions } from '../team/api/team';
import { useOfferContract } from './api/contracts';
import { tierMaxBp, tierThresholds } from './contract-rates';
import {
  emptyOffer,
  OFFER_MESSAGES,
  offerFields,
  rateComponents,
  rateField,
  type RateComponent,
} from './offer-fields';
import styles from './contracts.module.css';

type OfferFormProps = {
  type: ContractKind;
  tiers: ContractTier[];
  dividendPeriods: ContractPayPeriod[];
  /** The caller's own contract of the type in force: its rates cap the offer. */
  own: ContractView | null;
};

/** An offer of a contract to a direct downline agent: its username, pay period and tier rates. */
export function OfferForm({ type, tiers, dividendPeriods, own }: OfferFormProps) {
  const { t } = useTranslation();
  const components = rateComponents(type);
  const form = useZodForm(
    offerFields(type, tiers, own),
    emptyOffer(type, tiers, own?.period ?? ''),
    { messages: OFFER_MESSAGES },
  );
  const offer = useOfferContract();
  const [message, setMessage] = useState<FormNote>(null);
  const suggestionsId = useId();
  const username = form.watch('username');
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

  const submit = form.handleSubmit((request) => {
    offer.mutate(request, {
      onSuccess: () => {
        form.reset(emptyOffer(type, tiers, form.getValues('period')));
        setMessage({
          kind: 'info',
          text: t('agentContracts.offer.sent', { username: request.username }),
        });
      },
      onError: (error) => {
        const text = errorText(t, error);
        const tier = error instanceof ApiError ? error.value.tier : undefined;
        if (error instanceof ApiError && typeof tier === 'number') {
          form.setError(rateField(components[0]!, tier), { message: translatedText(text) });
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
          form.setError('username', { message: translatedText(text) });
        } else if (error instanceof ApiError && error.code === 'CONTRACT_PERIOD_NOT_ALLOWED') {
          form.setError('period', { message: translatedText(text) });
        } else {
          setMessage({ kind: 'error', text });
        }
      },
    });
  });

  const labelKey = {
    rate: 'agentContracts.offer.rateLabel',
    profit: 'agentContracts.offer.profitLabel',
    loss: 'agentContracts.offer.lossLabel',
  } as const;
  const testId = (component: RateComponent, index: number) =>
    component === 'loss' ? `contract-offer-loss-rate-${index}` : `contract-offer-rate-${index}`;

  return (
    <form
      className={styles.form}
      onSubmit={submitAfresh(() => setMessage(null), submit)}
      noValidate
      data-testid="contract-offer-form"
    >
      <UsernameField
        account="other"
        label={t('agentContracts.offer.downline')}
        hint={t('agentContracts.offer.downlineHint')}
        {...bindField(form, t, 'username')}
        required
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
          {...bindField(form, t, 'period')}
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
              key={rateField(component, index)}
              label={t(labelKey[component], { n: index + 1 })}
              hint={t('agentContracts.offer.maxHint', {
                requirements: tierThresholds(tier)
                  .map(([field, value]) => `${t(`agentContracts.thresholds.${field}`)} ${value}`)
                  .join(', '),
                max: bpToPercent(tierMaxBp(tier, own, index, component)),
              })}
              {...bindField(form, t, rateField(component, index))}
              required
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              testId={testId(component, index)}
            />
          )),
        )}
      </div>
      <FormNoteMessage note={message} testId="contract-offer-message" />
      <SubmitButton pending={offer.isPending} testId="contract-offer-submit">
        {t('agentContracts.offer.submit')}
      </SubmitButton>
    </form>
  );
}
