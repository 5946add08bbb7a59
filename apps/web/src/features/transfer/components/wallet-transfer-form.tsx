import type { ConsolidatedFunds } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formStyles, SelectField, type FormNote, FormNoteMessage } from '@/components/form/fields';
import { bindField, errorText as fieldText, refuse, useZodForm } from '@/components/form/zod-form';
import { Icon } from '@/components/icon';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { displayAmount } from '@/lib/amount';
import { newRequestId, useClientRequestId } from '@/lib/request-id';
import { useWalletTransfer } from '../api/transfer';
import { isValidPair, transferAmountProblem } from '../amount';
import { transferErrorText, useTransferTranslation } from '../transfer-texts';
import { SubmitButton, AmountField, useSubmitGuard } from '@/components/money-form';
import shared from '@/components/money-page.module.css';
import styles from './transfer.module.css';
import { Button } from '@/components/button';

const MAIN = 'main';

/**
 * A move as typed: one side the main wallet, an amount the sending wallet holds (sent trimmed).
 * The pair's problem shows under the sending wallet.
 */
function walletTransferFields(balanceOf: (wallet: string) => string) {
  return z
    .object({ from: z.string(), to: z.string(), amount: z.string() })
    .superRefine((values, ctx) => {
      if (!isValidPair(values.from, values.to, MAIN)) refuse(ctx, 'from', 'fund.sameWallet');
      const problem = transferAmountProblem(values.amount, { balance: balanceOf(values.from) });
      if (problem === 'invalid' || problem === 'range') refuse(ctx, 'amount', 'amountInvalid');
      if (problem === 'balance') refuse(ctx, 'amount', 'amountOverBalance');
    })
    .transform((values) => ({ ...values, amount: values.amount.trim() }));
}

/**
 * Moves money between the main wallet and one game (vendor transfer) wallet, or brings every game
 * wallet back to the main wallet. One clientRequestId per form content.
 */
export function WalletTransferForm({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTransferTranslation();
  const { t: tMain } = useTranslation();
  const vendors = funds.wallets.filter((wallet) => wallet.wallet !== MAIN);
  const money = (text: string) => displayAmount(text, funds.currencySymbol);
  const balanceOf = (code: string) =>
    funds.wallets.find((wallet) => wallet.wallet === code)?.balance ?? '0.00';
  const form = useZodForm(walletTransferFields(balanceOf), {
    from: MAIN,
    to: vendors[0]?.wallet ?? MAIN,
    amount: '',
  });
  const transfer = useWalletTransfer();
  const [note, setNote] = useState<FormNote>(null);
  const requestId = useClientRequestId();
  const { pending, busy, run, onSubmit } = useSubmitGuard();
  const from = form.watch('from');
  const to = form.watch('to');
  const amountField = bindField(form, t, 'amount');
  const nameOf = (code: string) =>
    code === MAIN
      ? t('mainWallet')
      : (funds.wallets.find((wallet) => wallet.wallet === code)?.displayName ?? code);
  const options = funds.wallets.map((wallet) => ({
    value: wallet.wallet,
    label: `${nameOf(wallet.wallet)} (${money(wallet.balance)})`,
  }));

  /** A new pair: what was refused about the old one no longer applies. */
  function choosePair(nextFrom: string, nextTo: string) {
    form.setValue('from', nextFrom);
    form.setValue('to', nextTo);
    form.clearErrors();
  }

  function chooseFrom(value: string) {
    // One side is always the main wallet.
    if (value !== MAIN) choosePair(value, MAIN);
    else choosePair(value, to === MAIN ? (vendors[0]?.wallet ?? MAIN) : to);
  }

  function chooseTo(value: string) {
    if (value !== MAIN) choosePair(MAIN, value);
    else choosePair(from === MAIN ? (vendors[0]?.wallet ?? MAIN) : from, value);
  }

  function showError(error: unknown) {
    if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
      const issues = Array.isArray(error.value.issues)
        ? (error.value.issues as { path?: string }[])
        : [];
      if (issues.some((issue) => issue.path?.includes('amount'))) {
        form.setError('amount', { message: 'amountInvalid' });
        return;
      }
    }
    setNote({ kind: 'error', text: transferErrorText(t, tMain, error, money) });
  }

  const submit = form.handleSubmit(async (request) => {
    // Two submits checked at once: the second sends nothing.
    if (busy()) return;
    await run(async () => {
      try {
        const clientRequestId = requestId.take(
          JSON.stringify([request.from, request.to, request.amount]),
        );
        await transfer.mutateAsync({ ...request, clientRequestId });
        requestId.renew();
        form.setValue('amount', '');
        setNote({
          kind: 'info',
          text: t('fund.done', {
            amount: money(request.amount),
            from: nameOf(request.from),
            to: nameOf(request.to),
          }),
        });
      } catch (error) {
        showError(error);
      }
    });
  });

  /** Every game wallet holding money comes back to the main wallet, one transfer each. */
  async function allIn() {
    if (busy()) return;
    const holding = vendors.filter((wallet) => wallet.balance !== '0.00');
    form.clearErrors();
    if (holding.length === 0) {
      setNote({ kind: 'info', text: t('fund.allInNothing') });
      return;
    }
    setNote(null);
    await run(async () => {
      try {
        for (const wallet of holding) {
          await transfer.mutateAsync({
            from: wallet.wallet,
            to: MAIN,
            amount: wallet.balance,
            clientRequestId: newRequestId(),
          });
        }
        setNote({ kind: 'info', text: t('fund.allInDone') });
      } catch (error) {
        showError(error);
      }
    });
  }

  return (
    <form
      className={cx(formStyles.form, shared.card)}
      onSubmit={onSubmit(() => setNote(null), submit)}
      noValidate
      data-testid="fund-transfer-form"
    >
      <div className={styles.pair}>
        <SelectField
          label={t('fund.from')}
          value={from}
          onChange={chooseFrom}
          options={options}
          placeholder={t('fund.from')}
          error={fieldText(t, form.formState.errors.from)}
          testId="fund-transfer-from"
        />
        <button
          type="button"
          className={cx('button button--ghost', styles.swap)}
          onClick={() => choosePair(to, from)}
          aria-label={t('fund.swap')}
          data-testid="fund-transfer-swap"
        >
          <Icon name="refresh" size={18} />
        </button>
        <SelectField
          label={t('fund.to')}
          value={to}
          onChange={chooseTo}
          options={options}
          placeholder={t('fund.to')}
          testId="fund-transfer-to"
        />
      </div>
      <AmountField
        label={t('amount')}
        {...amountField}
        hint={`${nameOf(from)}: ${money(balanceOf(from))}`}
        currencySymbol={funds.currencySymbol}
        action={
          <Button
            variant="ghost"
            onClick={() => amountField.onChange(balanceOf(from))}
            testId="fund-transfer-max"
          >
            {t('max')}
          </Button>
        }
        testId="fund-transfer-amount"
      />
      <FormNoteMessage note={note} testId="fund-transfer-message" />
      <SubmitButton busy={pending} testId="fund-transfer-submit">
        {pending ? t('submitting') : t('fund.submit')}
      </SubmitButton>
      <button
        type="button"
        className={cx('button button--ghost', shared.submit)}
        onClick={() => void allIn()}
        disabled={pending}
        data-testid="fund-transfer-all-in"
      >
        {t('fund.allIn')}
      </button>
    </form>
  );
}
