import type { TransferLimits } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formStyles, TextField } from '@/components/form/fields';
import { memberPagePath } from '@/config/paths';
import { ApiError } from '@app/client';
import { displayAmount } from '@/lib/amount';
import { useClientRequestId } from '@/lib/request-id';
import { transferToDownline, transferToUpline } from '../api/transfer';
import { isPaymentPassword } from '@/lib/payment-password';
import { transferAmountProblem } from '../amount';
import { transferErrorText, useTransferTranslation } from '../transfer-texts';
import {
  type FormNote,
  FormNoteMessage,
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

type Field = 'username' | 'amount' | 'paymentPassword';

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
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<FormNote>(null);
  const requestId = useClientRequestId();
  const { pending, busy, run } = useSubmitGuard();
  const money = (text: string) => displayAmount(text, info.currencySymbol);
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

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (mode === 'downline' && !username.trim()) found.username = t('downline.usernameRequired');
    const problem = transferAmountProblem(amount, {
      min: limits.minAmount,
      max: limits.maxAmount,
      balance: info.balance,
    });
    if (problem === 'invalid') found.amount = t('amountInvalid');
    if (problem === 'range') {
      found.amount = t('amountRange', {
        min: money(limits.minAmount),
        max: money(limits.maxAmount),
      });
    }
    if (problem === 'balance') found.amount = t('amountOverBalance');
    if (!isPaymentPassword(paymentPassword)) found.paymentPassword = t('paymentPasswordRequired');
    return found;
  }

  function showError(error: unknown) {
    if (error instanceof ApiError) {
      if (error.code === 'WRONG_PAYMENT_PASSWORD') {
        setErrors({ paymentPassword: transferErrorText(t, tMain, error, money) });
        return;
      }
      if (error.code === 'DOWNLINE_NOT_FOUND') {
        setErrors({ username: transferErrorText(t, tMain, error, money) });
        return;
      }
      if (error.code === 'AMOUNT_OUT_OF_RANGE') {
        const min = typeof error.value.min === 'string' ? error.value.min : limits.minAmount;
        const max = typeof error.value.max === 'string' ? error.value.max : limits.maxAmount;
        setErrors({ amount: t('amountRange', { min: money(min), max: money(max) }) });
        return;
      }
    }
    setNote({ kind: 'error', text: transferErrorText(t, tMain, error, money) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy()) return;
    const found = check();
    setErrors(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    const typed = amount.trim();
    const target = username.trim();
    await run(async () => {
      try {
        const clientRequestId = requestId.take(JSON.stringify([mode, target, typed]));
        const result =
          mode === 'downline'
            ? await transferToDownline({
                username: target,
                amount: typed,
                paymentPassword,
                clientRequestId,
              })
            : await transferToUpline({ amount: typed, paymentPassword, clientRequestId });
        requestId.renew();
        setAmount('');
        setPaymentPassword('');
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
  }

  return (
    <form
      className={formStyles.form}
      onSubmit={(event) => void submit(event)}
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
          value={username}
          onChange={setUsername}
          error={errors.username}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="none"
          required
          testId={testId('username')}
        />
      )}
      <AmountField
        label={t('amount')}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        currencySymbol={info.currencySymbol}
        testId={testId('amount')}
      />
      <PaymentPasswordField
        label={t('paymentPassword')}
        value={paymentPassword}
        onChange={setPaymentPassword}
        error={errors.paymentPassword}
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
