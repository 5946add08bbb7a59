import { KYC_IMAGE_TYPES, KYC_MAX_IMAGE_BYTES, type Withdrawal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, TextField } from '@/components/form/fields';
import { IMAGE_ACCEPT, readDataUrl } from '@/lib/image-file';
import { displayAmount } from '@/lib/amount';
import { getWithdrawalsQueryOptions, HISTORY_PAGE_SIZE, useSendReceipt } from '../api/withdraw';
import { useWithdrawTranslation, withdrawErrorText } from '../withdraw-texts';
import { accountLabel } from './accounts-card';
import {
  historyDateFormat,
  HistoryRowColumns,
  HistoryCard,
  StatusBadge,
} from '@/components/money-history';
import shared from '@/components/money-page.module.css';
import styles from './withdraw.module.css';
import { Button } from '@/components/button';

/** The member's withdrawals, newest first, with the receipt buttons of a paid one. */
export function WithdrawHistory({ currencySymbol }: { currencySymbol: string }) {
  const { t, language } = useWithdrawTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useQuery(getWithdrawalsQueryOptions(page));
  const when = historyDateFormat(language);

  return (
    <HistoryCard
      title={t('history.title')}
      testId="withdraw-history"
      emptyText={t('history.empty')}
      query={withdrawals}
      pageSize={HISTORY_PAGE_SIZE}
      page={page}
      onPage={setPage}
      t={t}
      wrapPager
    >
      {(items) => (
        <ul className={styles.history}>
          {items.map((withdrawal) => (
            <li
              key={withdrawal.id}
              className={styles.row}
              data-testid={`withdraw-row-${withdrawal.id}`}
            >
              <HistoryRowColumns
                id={withdrawal.id}
                amount={displayAmount(withdrawal.amount, currencySymbol)}
                detail={t('history.to', { account: accountLabel(t, withdrawal.payee) })}
                createdAt={withdrawal.createdAt}
                when={when}
                status={
                  <StatusBadge
                    status={withdrawal.status}
                    label={t(`status.${withdrawal.status}`)}
                    testId="withdraw-row-status"
                  />
                }
              />
              {withdrawal.reason && (
                <p className={styles.rowWide} data-testid="withdraw-row-reason">
                  {t('history.reason', { reason: withdrawal.reason })}
                </p>
              )}
              {withdrawal.receiptStatus && (
                <p
                  className={`${styles.rowWide} ${shared.muted}`}
                  data-testid="withdraw-row-receipt"
                >
                  {t('receipt.state', {
                    status: t(`receipt.${withdrawal.receiptStatus}`),
                  })}
                </p>
              )}
              {withdrawal.status === 'paid' && withdrawal.receiptStatus === null && (
                <ReceiptActions withdrawal={withdrawal} currencySymbol={currencySymbol} />
              )}
            </li>
          ))}
        </ul>
      )}
    </HistoryCard>
  );
}

type Answer = 'received' | 'partial' | 'not_received';

/** Received at once; partly or not received ask for a proof image (and a note) first. */
function ReceiptActions({
  withdrawal,
  currencySymbol,
}: {
  withdrawal: Withdrawal;
  currencySymbol: string;
}) {
  const { t } = useWithdrawTranslation();
  const { t: tMain } = useTranslation();
  const [answer, setAnswer] = useState<Exclude<Answer, 'received'> | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const receipt = useSendReceipt(withdrawal.id);
  const pending = receipt.isPending;

  async function send(status: Answer) {
    if (pending) return;
    setError(null);
    if (status !== 'received' && !file) {
      setError(t('receipt.proofRequired'));
      return;
    }
    const failed = (failure: unknown) =>
      setError(withdrawErrorText(t, tMain, failure, currencySymbol));
    let proof: string | undefined;
    try {
      proof = file && status !== 'received' ? await readDataUrl(file) : undefined;
    } catch (failure) {
      return failed(failure);
    }
    receipt.mutate(
      {
        status,
        ...(proof ? { proof } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      { onError: failed },
    );
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0] ?? null;
    if (picked && !KYC_IMAGE_TYPES.some((type) => type === picked.type)) {
      setError(tMain('errors.UPLOAD_FILE_TYPE'));
      return;
    }
    if (picked && picked.size > KYC_MAX_IMAGE_BYTES) {
      setError(tMain('errors.UPLOAD_TOO_LARGE'));
      return;
    }
    setError(null);
    setFile(picked);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (answer) void send(answer);
  }

  return (
    <div className={styles.rowWide} data-testid="withdraw-receipt">
      <p className={shared.muted}>{t('receipt.ask')}</p>
      {answer === null ? (
        <div className={styles.receiptButtons}>
          <Button
            variant="primary"
            disabled={pending}
            onClick={() => void send('received')}
            testId="withdraw-receipt-received"
          >
            {t('receipt.received')}
          </Button>
          <Button onClick={() => setAnswer('partial')} testId="withdraw-receipt-partial">
            {t('receipt.partial')}
          </Button>
          <Button onClick={() => setAnswer('not_received')} testId="withdraw-receipt-not-received">
            {t('receipt.not_received')}
          </Button>
        </div>
      ) : (
        <form className={styles.receiptForm} onSubmit={submit} noValidate>
          <strong>{t(`receipt.${answer}`)}</strong>
          <label className={shared.muted}>
            {t('receipt.proof')}
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={pick}
              data-testid="withdraw-receipt-proof"
            />
          </label>
          <TextField
            label={t('receipt.note')}
            value={note}
            onChange={setNote}
            maxLength={500}
            testId="withdraw-receipt-note"
          />
          <div className={styles.receiptButtons}>
            <Button
              type="submit"
              variant="primary"
              disabled={pending}
              testId="withdraw-receipt-send"
            >
              {pending ? t('receipt.sending') : t('receipt.send')}
            </Button>
            <Button onClick={() => setAnswer(null)}>{t('receipt.cancel')}</Button>
          </div>
        </form>
      )}
      {error && (
        <FormMessage kind="error" testId="withdraw-receipt-error">
          {error}
        </FormMessage>
      )}
    </div>
  );
}
