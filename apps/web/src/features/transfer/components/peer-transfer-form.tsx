import type { TransferLimits } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Link } from 'react-router';
import { formStyles, TextField, type FormNote, FormNoteMessage } from '@/components/form/fields';
import {
  bindField,
  messageKey,
  refuse,
  translatedText,
  useZodForm,
} from '@/components/form/zod-form';
import { memberPagePath } from '@/config/paths';
import { ApiError } from '@app/client';
import { displayAmount } from '@/lib/amount';
import { useClientRequestId } from '@/lib/request-id';
import { usePeerTransfer } from '../api/transfer';
import { isPaymentPassword } from '@/lib/payment-password';
import { transferAmountProblem } from '../amount';
import { transferErrorText, useTransferTranslation } from '../transfer-texts';
import {
  SubmitButton,
  AmountField,
  PaymentPasswordField,
  useSubmitGuard,
} from '@/components/money-form';
import shared from '@/components/money-page.module.css';
import styles from './transfer.module.css';

export type PeerTransferInfo = {
  hasPaymentPassword: boolean;
  balance: string;
  currencySymbol: string;
  limits: TransferLimits;
};

/**
 * The transfer as typed: for an agent the receiving username; an amount within the limits and
 * the balance; a payment password of 6 digits. Username and amount are sent trimmed.
 */
function peerTransferFields(
  mode: PeerTransferFormProps['mode'],
  { balance, limits }: PeerTransferInfo,
  money: (text: string) => string,
) {
  return z
    .object({ username: z.string(), amount: z.string(), paymentPassword: z.string() })
    .superRefine((values, ctx) => {
      if (mode === 'downline' && !values.username.trim()) {
        refuse(ctx, 'username', 'downline.usernameRequired');
      }
      const problem = transferAmountProblem(values.amount, {
        min: limits.minAmount,
        max: limits.maxAmount,
        balance,
      });
      if (problem === 'invalid') refuse(ctx, 'amount', 'amountInvalid');
      if (problem === 'range') {
        refuse(
          ctx,
          'amount',
          messageKey('amountRange', { min: money(limits.minAmount), max: money(limits.maxAmount) }),
        );
      }
      if (problem === 'balance') refuse(ctx, 'amount', 'amountOverBalance');
      if (!isPaymentPassword(values.paymentPassword)) {
        refuse(ctx, 'paymentPassword', 'paymentPasswordRequired');
      }
    })
    .transform(({ username, amount, paymentPassword }) => ({
      username: username.trim(),
      amount: amount.trim(),
      paymentPassword,
    }));
}

type PeerTransferFormProps = {
  /** `upline`: to the caller's direct upline; `downline`: an agent to a named account. */
  mode: 'upline' | 'downline';
  info: PeerTransferInfo;
  /** The upline's display name (upline mode). */
  uplineName?: string;
};

/**
 * Amount and payment password (and, for agents, the receiving username) with the limits shown.
 * One clientRequestId per form content: a double click or a retry moves the money once.
 */
export function PeerTransferForm({ mode, info, uplineName }: PeerTransferFormProps) {
  const { t } = useTransferTranslation();
  const { t: tMain } = useTranslation();
  const money = (text: string) => displayAmount(text, info.currencySymbol);
  const form = useZodForm(peerTransferFields(mode, info, money), {
    username: '',
    amount: '',
    paymentPassword: '',
  });
  const transfer = usePeerTransfer(mode);
  const [note, setNote] = useState<FormNote>(null);
  const requestId = useClientRequestId();
  const { pending, busy, run, onSubmit } = useSubmitGuard();
  const testId = (name: string) => `${mode}-transfer-${name}`;
  const { limits } = info;

  if (!info.hasPaymentPassword) {
    return (
      <div className={shared.card} data-testid={testId('no-payment-password')}>
        <p className={shared.muted}>{t('noPaymentPassword')}</p>
        <Link
          to={memberPagePath('securityCenter')}
          className="button button--primary"
          data-testid={testId('set-payment-password')}
        >
          {t('setPaymentPassword')}
        </Link>
      </div>
    );
  }

  function showError(error: unknown) {
    if (error instanceof ApiError) {
      if (error.code === 'WRONG_PAYMENT_PASSWORD') {
        form.setError('paymentPassword', {
          message: translatedText(transferErrorText(t, tMain, error, money)),
        });
        return;
      }
      if (error.code === 'DOWNLINE_NOT_FOUND') {
        form.setError('username', {
          message: translatedText(transferErrorText(t, tMain, error, money)),
        });
        return;
      }
      if (error.code === 'AMOUNT_OUT_OF_RANGE') {
        const min = typeof error.value.min === 'string' ? error.value.min : limits.minAmount;
        const max = typeof error.value.max === 'string' ? error.value.max : limits.maxAmount;
        form.setError('amount', {
          message: messageKey('amountRange', { min: money(min), max: money(max) }),
        });
        return;
      }
    }
    setNote({ kind: 'error', text: transferErrorText(t, tMain, error, money) });
  }

  const submit = form.handleSubmit(async ({ username, amount, paymentPassword }) => {
    // Two submits checked at once: the second sends nothing.
    if (busy()) return;
    await run(async () => {
      try {
        const clientRequestId = requestId.take(JSON.stringify([mode, username, amount]));
        const result = await transfer.mutateAsync({
          username,
          amount,
          paymentPassword,
          clientRequestId,
        });
        requestId.renew();
        form.reset({ username: form.getValues('username'), amount: '', paymentPassword: '' });
        setNote({
          kind: 'info',
          text: t(mode === 'downline' ? 'downline.done' : 'upline.done', {
            amount: money(result.amount),
            name: result.toDisplayName,
            balance: money(result.balance),
          }),
        });
      } catch (error) {
        showError(error);
      }
    });
  });

  return (
    <form
      className={formStyles.form}
      onSubmit={onSubmit(() => setNote(null), submit)}
      noValidate
      data-testid={testId('form')}
    >
      <dl className={styles.facts}>
        {mode === 'upline' && (
          <div className={styles.fact}>
            <dt>{t('upline.to')}</dt>
            <dd data-testid={testId('upline-name')}>{uplineName}</dd>
          </div>
        )}
        <div className={styles.fact}>
          <dt>{t('balance')}</dt>
          <dd data-testid={testId('balance')}>{money(info.balance)}</dd>
        </div>
      </dl>
      {mode === 'downline' && (
        <TextField
          label={t('downline.username')}
          {...bindField(form, t, 'username')}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="none"
          required
          testId={testId('username')}
        />
      )}
      <AmountField
        label={t('amount')}
        {...bindField(form, t, 'amount')}
        currencySymbol={info.currencySymbol}
        testId={testId('amount')}
      />
      <PaymentPasswordField
        label={t('paymentPassword')}
        {...bindField(form, t, 'paymentPassword')}
        testId={testId('password')}
      />
      <ul className={styles.limits} aria-label={t('limits.title')} data-testid={testId('limits')}>
        <li>
          {t('limits.perTransfer', {
            min: money(limits.minAmount),
            max: money(limits.maxAmount),
          })}
        </li>
        <li>{t('limits.daily', { daily: money(limits.dailyAmount) })}</li>
        <li data-testid={testId('remaining')}>
          {t('limits.remaining', { remaining: money(limits.remainingToday) })}
        </li>
      </ul>
      <FormNoteMessage note={note} testId={testId('message')} />
      <SubmitButton busy={pending} testId={testId('submit')}>
        {pending ? t('submitting') : t(mode === 'downline' ? 'downline.submit' : 'upline.submit')}
      </SubmitButton>
    </form>
  );
}
