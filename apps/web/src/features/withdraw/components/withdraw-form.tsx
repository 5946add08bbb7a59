import type { WithdrawInfo } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage, formStyles } from '@/components/form/fields';
import { memberPagePath } from '@/config/paths';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { amountProblem, displayAmount } from '@/lib/amount';
import { useClientRequestId } from '@/lib/request-id';
import { submitWithdrawal } from '../api/withdraw';
import { useWithdrawTranslation, withdrawErrorText } from '../withdraw-texts';
import {
  type FormNote,
  FormNoteMessage,
  SubmitButton,
  AmountField,
  PaymentPasswordField,
  useSubmitGuard,
} from '@/components/money-form';
import shared from '@/components/money-page.module.css';
import { isPaymentPassword } from '@/lib/payment-password';

type Field = 'amount' | 'paymentPassword';

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
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<FormNote>(null);
  const requestId = useClientRequestId();
  const { pending, busy, run } = useSubmitGuard();
  const symbol = info.currencySymbol;
  const limits = {
    min: displayAmount(info.minAmount, symbol),
    max: displayAmount(info.maxAmount, symbol),
  };
  const turnover = info.remainingTurnover !== '0.00';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy()) return;
    const found: Partial<Record<Field, string>> = {};
    const problem = amountProblem(amount, info.minAmount, info.maxAmount);
    if (problem === 'invalid') found.amount = t('form.amountInvalid');
    if (problem === 'range') found.amount = t('form.amountRange', limits);
    if (!isPaymentPassword(paymentPassword)) {
      found.paymentPassword = t('form.paymentPasswordInvalid');
    }
    setErrors(found);
    setNote(null);
    if (payoutAccountId === null) {
      setNote({ kind: 'error', text: t('form.chooseAccount') });
      return;
    }
    if (Object.keys(found).length > 0) return;
    const typed = amount.trim();
    await run(async () => {
      try {
        const clientRequestId = requestId.take(JSON.stringify([payoutAccountId, typed]));
        const withdrawal = await submitWithdrawal({
          payoutAccountId,
          amount: typed,
          paymentPassword,
          clientRequestId,
        });
        requestId.renew();
        setAmount('');
        setPaymentPassword('');
        setNote({
          kind: 'info',
          text: t('form.sent', { amount: displayAmount(withdrawal.amount, symbol) }),
        });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'WRONG_PAYMENT_PASSWORD') {
          setErrors({ paymentPassword: withdrawErrorText(t, tMain, error, symbol) });
        } else if (error instanceof ApiError && error.code === 'AMOUNT_OUT_OF_RANGE') {
          setErrors({ amount: withdrawErrorText(t, tMain, error, symbol) });
        } else if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
          setErrors({ amount: t('form.amountInvalid') });
        } else {
          setNote({ kind: 'error', text: withdrawErrorText(t, tMain, error, symbol) });
        }
      }
    });
  }

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
        value={amount}
        onChange={setAmount}
        error={errors.amount}
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
        value={paymentPassword}
        onChange={setPaymentPassword}
        error={errors.paymentPassword}
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
