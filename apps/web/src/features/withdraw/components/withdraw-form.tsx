import { WithdrawRequest, type WithdrawInfo } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage, formStyles, type FormNote, FormNoteMessage } from '@/components/form/fields';
import {
  bindField,
  messageKey,
  refuse,
  translatedText,
  useZodForm,
} from '@/components/form/zod-form';
import { memberPagePath } from '@/config/paths';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { amountProblem, displayAmount } from '@/lib/amount';
import { useClientRequestId } from '@/lib/request-id';
import { useSubmitWithdrawal } from '../api/withdraw';
import { useWithdrawTranslation, withdrawErrorText } from '../withdraw-texts';
import { SubmitButton, AmountField, PaymentPasswordField } from '@/components/money-form';
import shared from '@/components/money-page.module.css';
import { isPaymentPassword } from '@/lib/payment-password';

/** What the member types of the request: the amount within the limits, the payment password. */
function withdrawFields(info: WithdrawInfo, symbol: string) {
  return WithdrawRequest.pick({ amount: true, paymentPassword: true }).superRefine(
    ({ amount, paymentPassword }, ctx) => {
      const problem = amountProblem(amount, info.minAmount, info.maxAmount);
      if (problem === 'invalid') refuse(ctx, 'amount', 'form.amountInvalid');
      if (problem === 'range') {
        const min = displayAmount(info.minAmount, symbol);
        const max = displayAmount(info.maxAmount, symbol);
        refuse(ctx, 'amount', messageKey('form.amountRange', { min, max }));
      }
      if (!isPaymentPassword(paymentPassword)) {
        refuse(ctx, 'paymentPassword', 'form.paymentPasswordInvalid');
      }
    },
  );
}

type WithdrawFormProps = {
  info: WithdrawInfo;
  payoutAccountId: number | null;
};

/**
 * Amount within the merchant's limits and the payment password. One clientRequestId per form
 * content: a double click or a retry after a network error makes one withdrawal.
 */
export function WithdrawForm({ info, payoutAccountId }: WithdrawFormProps) {
  const { t } = useWithdrawTranslation();
  const { t: tMain } = useTranslation();
  const symbol = info.currencySymbol;
  const form = useZodForm(
    withdrawFields(info, symbol),
    { amount: '', paymentPassword: '' },
    {
      messages: { amount: 'form.amountInvalid', paymentPassword: 'form.paymentPasswordInvalid' },
    },
  );
  const [note, setNote] = useState<FormNote>(null);
  const requestId = useClientRequestId();
  const withdraw = useSubmitWithdrawal();
  const pending = withdraw.isPending;
  const limits = {
    min: displayAmount(info.minAmount, symbol),
    max: displayAmount(info.maxAmount, symbol),
  };
  const turnover = info.remainingTurnover !== '0.00';
  const chooseAccount = () => setNote({ kind: 'error', text: t('form.chooseAccount') });

  const submit = form.handleSubmit(
    ({ amount, paymentPassword }) => {
      if (pending) return;
      setNote(null);
      if (payoutAccountId === null) return chooseAccount();
      const typed = amount.trim();
      const clientRequestId = requestId.take(JSON.stringify([payoutAccountId, typed]));
      withdraw.mutate(
        { payoutAccountId, amount: typed, paymentPassword, clientRequestId },
        {
          onSuccess: (withdrawal) => {
            requestId.renew();
            form.reset();
            setNote({
              kind: 'info',
              text: t('form.sent', { amount: displayAmount(withdrawal.amount, symbol) }),
            });
          },
          onError: (error) => {
            const text = withdrawErrorText(t, tMain, error, symbol);
            if (error instanceof ApiError && error.code === 'WRONG_PAYMENT_PASSWORD') {
              form.setError('paymentPassword', { message: translatedText(text) });
            } else if (error instanceof ApiError && error.code === 'AMOUNT_OUT_OF_RANGE') {
              form.setError('amount', { message: translatedText(text) });
            } else if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
              form.setError('amount', { message: 'form.amountInvalid' });
            } else {
              setNote({ kind: 'error', text });
            }
          },
        },
      );
    },
    () => (payoutAccountId === null ? chooseAccount() : setNote(null)),
  );

  if (!info.hasPaymentPassword) {
    return (
      <section className={shared.card} data-testid="withdraw-form">
        <h3 className={shared.cardTitle}>{t('form.title')}</h3>
        <FormMessage kind="info" testId="withdraw-no-payment-password">
          {t('form.noPaymentPassword')}{' '}
          <Link to={memberPagePath('securityCenter')} data-testid="withdraw-set-payment-password">
            {t('form.setPaymentPassword')}
          </Link>
        </FormMessage>
      </section>
    );
  }

  return (
    <form
      className={cx(formStyles.form, shared.card)}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="withdraw-form"
    >
      <h3 className={shared.cardTitle}>{t('form.title')}</h3>
      {turnover && (
        <FormMessage kind="info" testId="withdraw-turnover">
          {t('form.turnover', { amount: displayAmount(info.remainingTurnover, symbol) })}
        </FormMessage>
      )}
      <AmountField
        label={t('form.amount')}
        {...bindField(form, t, 'amount')}
        hint={t('form.amountHint', {
          ...limits,
          count: info.remainingCount,
          amount: displayAmount(info.remainingAmount, symbol),
        })}
        currencySymbol={symbol}
        testId="withdraw-amount"
      />
      <PaymentPasswordField
        label={t('form.paymentPassword')}
        {...bindField(form, t, 'paymentPassword')}
        hint={t('form.paymentPasswordHint')}
        maxLength={6}
        testId="withdraw-payment-password"
      />
      <FormNoteMessage note={note} testId="withdraw-message" />
      <SubmitButton busy={pending} testId="withdraw-submit">
        {pending ? t('form.submitting') : t('form.submit')}
      </SubmitButton>
    </form>
  );
}
