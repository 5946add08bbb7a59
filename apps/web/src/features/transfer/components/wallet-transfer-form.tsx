import type { ConsolidatedFunds } from '@app/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles, SelectField } from '@/components/form/fields';
import { Icon } from '@/components/icon';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { displayAmount } from '@/lib/amount';
import { newRequestId, useClientRequestId } from '@/lib/request-id';
import { transferBetweenWallets } from '../api/transfer';
import { isValidPair, transferAmountProblem } from '../amount';
import { transferErrorText, useTransferTranslation } from '../transfer-texts';
import {
  type FormNote,
  FormNoteMessage,
  SubmitButton,
  AmountField,
  useSubmitGuard,
} from '@/components/money-form';
import shared from '@/components/money-page.module.css';
import styles from './transfer.module.css';
import { Button } from '@/components/button';

const MAIN = 'main';

type Field = 'pair' | 'amount';

/**
 * Moves money between the main wallet and one game (vendor transfer) wallet, or brings every game
 * wallet back to the main wallet. One clientRequestId per form content.
 */
export function WalletTransferForm({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTransferTranslation();
  const { t: tMain } = useTranslation();
  const vendors = funds.wallets.filter((wallet) => wallet.wallet !== MAIN);
  const [from, setFrom] = useState(MAIN);
  const [to, setTo] = useState(vendors[0]?.wallet ?? MAIN);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<FormNote>(null);
  const requestId = useClientRequestId();
  const { pending, busy, run } = useSubmitGuard();
  const money = (text: string) => displayAmount(text, funds.currencySymbol);
  const nameOf = (code: string) =>
    code === MAIN
      ? t('mainWallet')
      : (funds.wallets.find((wallet) => wallet.wallet === code)?.displayName ?? code);
  const balanceOf = (code: string) =>
    funds.wallets.find((wallet) => wallet.wallet === code)?.balance ?? '0.00';
  const options = funds.wallets.map((wallet) => ({
    value: wallet.wallet,
    label: `${nameOf(wallet.wallet)} (${money(wallet.balance)})`,
  }));

  function chooseFrom(value: string) {
    setFrom(value);
    // One side is always the main wallet.
    if (value !== MAIN) setTo(MAIN);
    else if (to === MAIN) setTo(vendors[0]?.wallet ?? MAIN);
    setErrors({});
  }

  function chooseTo(value: string) {
    setTo(value);
    if (value !== MAIN) setFrom(MAIN);
    else if (from === MAIN) setFrom(vendors[0]?.wallet ?? MAIN);
    setErrors({});
  }

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!isValidPair(from, to, MAIN)) found.pair = t('fund.sameWallet');
    const problem = transferAmountProblem(amount, { balance: balanceOf(from) });
    if (problem === 'invalid' || problem === 'range') found.amount = t('amountInvalid');
    if (problem === 'balance') found.amount = t('amountOverBalance');
    return found;
  }

  function showError(error: unknown) {
    if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
      const issues = Array.isArray(error.value.issues)
        ? (error.value.issues as { path?: string }[])
        : [];
      if (issues.some((issue) => issue.path?.includes('amount'))) {
        setErrors({ amount: t('amountInvalid') });
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
    await run(async () => {
      try {
        const clientRequestId = requestId.take(JSON.stringify([from, to, typed]));
        await transferBetweenWallets({ from, to, amount: typed, clientRequestId });
        requestId.renew();
        setAmount('');
        setNote({
          kind: 'info',
          text: t('fund.done', { amount: money(typed), from: nameOf(from), to: nameOf(to) }),
        });
      } catch (error) {
        showError(error);
      }
    });
  }

  /** Every game wallet holding money comes back to the main wallet, one transfer each. */
  async function allIn() {
    if (busy()) return;
    const holding = vendors.filter((wallet) => wallet.balance !== '0.00');
    setErrors({});
    if (holding.length === 0) {
      setNote({ kind: 'info', text: t('fund.allInNothing') });
      return;
    }
    setNote(null);
    await run(async () => {
      try {
        for (const wallet of holding) {
          await transferBetweenWallets({
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
      onSubmit={(event) => void submit(event)}
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
          error={errors.pair}
          testId="fund-transfer-from"
        />
        <button
          type="button"
          className={cx('button button--ghost', styles.swap)}
          onClick={() => {
            setFrom(to);
            setTo(from);
            setErrors({});
          }}
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
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        hint={`${nameOf(from)}: ${money(balanceOf(from))}`}
        currencySymbol={funds.currencySymbol}
        action={
          <Button
            variant="ghost"
            onClick={() => setAmount(balanceOf(from))}
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
