import {
  BindPayoutAccountRequest,
  type PayoutAccount,
  type PayoutAccountList,
  type PayoutMethod,
} from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, formStyles, SelectField, TextField } from '@/components/form/fields';
import { bindField, useZodForm } from '@/components/form/zod-form';
import { cx } from '@/lib/class-names';
import { useBindAccount, useRemoveAccount } from '../api/withdraw';
import { useWithdrawTranslation, withdrawErrorText, type WithdrawT } from '../withdraw-texts';
import shared from '@/components/money-page.module.css';
import styles from './withdraw.module.css';
import { Button } from '@/components/button';

const METHODS: PayoutMethod[] = ['gcash', 'maya', 'bank', 'ewallet'];

/** How an account is named in lists: type, bank, masked number. */
export function accountLabel(t: WithdrawT, account: Omit<PayoutAccount, 'id' | 'createdAt'>) {
  const tail = account.accountNumber.slice(-4);
  const kind = account.bankName ?? t(`methods.${account.method}`);
  return `${kind} ···${tail}`;
}

type AccountsCardProps = {
  accounts: PayoutAccountList;
  selected: number | null;
  onSelect: (id: number | null) => void;
};

/** The bound payout accounts (choose one, remove one) and the form to bind another. */
export function AccountsCard({ accounts, selected, onSelect }: AccountsCardProps) {
  const { t } = useWithdrawTranslation();
  const { t: tMain } = useTranslation();
  const [adding, setAdding] = useState(accounts.items.length === 0);
  const [note, setNote] = useState<string | null>(null);
  const full = accounts.items.length >= accounts.max;
  const removal = useRemoveAccount();

  function remove(account: PayoutAccount) {
    setNote(null);
    removal.mutate(account.id, {
      onSuccess: () => {
        if (selected === account.id) onSelect(null);
      },
      onError: (error) => setNote(withdrawErrorText(t, tMain, error, '')),
    });
  }

  return (
    <section className={shared.card} data-testid="withdraw-accounts">
      <h3 className={shared.cardTitle}>{t('accounts.title')}</h3>
      {accounts.items.length === 0 ? (
        <p className={shared.muted} data-testid="withdraw-accounts-empty">
          {t('accounts.none')}
        </p>
      ) : (
        <fieldset className={styles.accounts}>
          <legend className={shared.muted}>{t('accounts.choose')}</legend>
          {accounts.items.map((account) => (
            <label
              key={account.id}
              className={styles.account}
              data-testid={`withdraw-account-${account.id}`}
            >
              <input
                type="radio"
                name="payout-account"
                checked={selected === account.id}
                onChange={() => onSelect(account.id)}
                data-testid="withdraw-account-radio"
              />
              <span className={styles.accountText}>
                <strong>{accountLabel(t, account)}</strong>
                <span className={shared.muted}>
                  {account.accountName} · {account.accountNumber}
                </span>
              </span>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => remove(account)}
                aria-label={t('accounts.removeLabel', { account: accountLabel(t, account) })}
                data-testid="withdraw-account-remove"
              >
                {t('accounts.remove')}
              </button>
            </label>
          ))}
        </fieldset>
      )}
      {note && (
        <FormMessage kind="error" testId="withdraw-accounts-message">
          {note}
        </FormMessage>
      )}
      {adding && !full ? (
        <AddAccountForm
          accounts={accounts}
          onDone={(id) => {
            setAdding(false);
            if (id !== null) onSelect(id);
          }}
          cancellable={accounts.items.length > 0}
        />
      ) : (
        <div className={styles.accountActions}>
          <Button disabled={full} onClick={() => setAdding(true)} testId="withdraw-account-add">
            {t('accounts.add')}
          </Button>
          <span className={shared.muted}>{t('accounts.max', { max: accounts.max })}</span>
        </div>
      )}
    </section>
  );
}

function AddAccountForm({
  accounts,
  onDone,
  cancellable,
}: {
  accounts: PayoutAccountList;
  onDone: (id: number | null) => void;
  cancellable: boolean;
}) {
  const { t } = useWithdrawTranslation();
  const { t: tMain } = useTranslation();
  const form = useZodForm(
    BindPayoutAccountRequest,
    { method: 'gcash', bankName: '', accountName: accounts.kycName ?? '', accountNumber: '' },
    {
      messages: {
        bankName: 'accounts.bankNameRequired',
        accountName: 'accounts.accountNameRequired',
        accountNumber: 'accounts.accountNumberInvalid',
      },
    },
  );
  const method = form.watch('method');
  const bind = useBindAccount();
  const [note, setNote] = useState<string | null>(null);
  const kycBlocked = accounts.kycRequired && !accounts.kycName;

  const submit = form.handleSubmit(
    ({ bankName, ...request }) => {
      if (bind.isPending) return;
      setNote(null);
      bind.mutate(
        { ...request, ...(request.method === 'bank' ? { bankName } : {}) },
        {
          onSuccess: (account) => onDone(account.id),
          onError: (error) => setNote(withdrawErrorText(t, tMain, error, '')),
        },
      );
    },
    () => setNote(null),
  );

  return (
    <form
      className={cx(formStyles.form)}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="withdraw-account-form"
    >
      <h4 className={shared.cardTitle}>{t('accounts.addTitle')}</h4>
      {kycBlocked && (
        <FormMessage kind="info" testId="withdraw-account-kyc">
          {t('accounts.kycMissing')}
        </FormMessage>
      )}
      <SelectField
        label={t('accounts.method')}
        value={method}
        onChange={(value) => form.setValue('method', (value || 'gcash') as PayoutMethod)}
        options={METHODS.map((value) => ({ value, label: t(`methods.${value}`) }))}
        placeholder={t('accounts.method')}
        required
        testId="withdraw-account-method"
      />
      {method === 'bank' && (
        <TextField
          label={t('accounts.bankName')}
          {...bindField(form, t, 'bankName')}
          maxLength={100}
          required
          testId="withdraw-account-bank"
        />
      )}
      <TextField
        label={t('accounts.accountName')}
        {...bindField(form, t, 'accountName')}
        hint={accounts.kycName ? t('accounts.kycHint', { name: accounts.kycName }) : undefined}
        maxLength={80}
        autoComplete="name"
        required
        testId="withdraw-account-name"
      />
      <TextField
        label={t('accounts.accountNumber')}
        {...bindField(form, t, 'accountNumber', (value) => value.replace(/\s/g, ''))}
        hint={t('accounts.accountNumberHint')}
        maxLength={34}
        inputMode="text"
        autoComplete="off"
        required
        testId="withdraw-account-number"
      />
      {note && (
        <FormMessage kind="error" testId="withdraw-account-message">
          {note}
        </FormMessage>
      )}
      <div className={styles.accountActions}>
        <Button
          type="submit"
          variant="primary"
          disabled={bind.isPending}
          aria-busy={bind.isPending || undefined}
          testId="withdraw-account-save"
        >
          {bind.isPending ? t('accounts.saving') : t('accounts.save')}
        </Button>
        {cancellable && <Button onClick={() => onDone(null)}>{t('accounts.cancel')}</Button>}
      </div>
    </form>
  );
}
