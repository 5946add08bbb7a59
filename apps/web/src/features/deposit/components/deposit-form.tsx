import {
  bpToPercent,
  channelFee,
  feeRuleOf,
  formatAmount,
  parseAmount,
  type DepositChannel,
} from '@app/shared';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositTranslation } from '../deposit-texts';
import { formStyles, TextField } from '@/components/form/fields';
import { Icon } from '@/components/icon';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { errorText } from '@/lib/error-text';
import { IMAGE_ACCEPT, imageFileProblem, readDataUrl } from '@/lib/image-file';
import { queryClient } from '@/lib/query-client';
import { depositKeys, submitManualDeposit, submitOnlineDeposit } from '../api/deposit';
import { amountProblem, displayAmount, quickAmounts } from '@/lib/amount';
import { useClientRequestId } from '@/lib/request-id';
import { ChannelPicker } from './channel-picker';
import { PayeeDetails } from './payee-details';
import {
  type FormNote,
  FormNoteMessage,
  SubmitButton,
  AmountField,
  useSubmitGuard,
} from '@/components/money-form';
import shared from '@/components/money-page.module.css';
import styles from './deposit.module.css';

type Field = 'amount' | 'reference' | 'receipt';
type Receipt = { file: File; preview: string };

type DepositFormProps = {
  channels: DepositChannel[];
  currencySymbol: string;
  /** A manual deposit was sent: the page shows it. */
  onSubmitted: (depositId: number) => void;
};

/**
 * Choose a channel, enter an amount within its limits; a manual channel shows whom to pay and
 * asks for the reference and the receipt, an online one goes on to the gateway's checkout page.
 * One clientRequestId per form content: a double click or a retry makes one deposit.
 */
export function DepositForm({ channels, currencySymbol, onSubmitted }: DepositFormProps) {
  const { t } = useDepositTranslation();
  const { t: tMain } = useTranslation();
  const [channelId, setChannelId] = useState<number>(channels[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [note, setNote] = useState<FormNote>(null);
  const [redirecting, setRedirecting] = useState(false);
  const requestId = useClientRequestId();
  const { pending, busy: sending, run } = useSubmitGuard();

  const channel = channels.find((entry) => entry.id === channelId) ?? channels[0];

  // Back from the gateway's page with the browser's Back button (page restored from the cache):
  // the form is usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // The preview is an object URL, released when replaced and when the form goes away.
  useEffect(() => {
    const url = receipt?.preview;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [receipt]);

  if (!channel) return null;
  const limits = {
    min: displayAmount(channel.minAmount, currencySymbol),
    max: displayAmount(channel.maxAmount, currencySymbol),
  };

  function choose(id: number) {
    setChannelId(id);
    setErrors({});
    setNote(null);
  }

  function pickReceipt(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setErrors((current) => ({ ...current, receipt: tMain(`errors.${problem}`) }));
      return;
    }
    setReceipt({ file, preview: URL.createObjectURL(file) });
    setErrors((current) => ({ ...current, receipt: undefined }));
  }

  function check(current: DepositChannel): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    const problem = amountProblem(amount, current.minAmount, current.maxAmount);
    if (problem === 'invalid') found.amount = t('amountInvalid');
    if (problem === 'range') found.amount = t('amountRange', limits);
    if (current.kind === 'manual') {
      if (!reference.trim()) found.reference = t('referenceRequired');
      if (!receipt) found.receipt = t('receiptRequired');
    }
    return found;
  }

  /** Shows a refusal of the server next to the field it is about, or above the button. */
  function showError(error: unknown) {
    if (!(error instanceof ApiError)) {
      setNote({ kind: 'error', text: errorText(tMain, error) });
      return;
    }
    if (error.code === 'AMOUNT_OUT_OF_RANGE') {
      const min = typeof error.value.min === 'string' ? error.value.min : channel!.minAmount;
      const max = typeof error.value.max === 'string' ? error.value.max : channel!.maxAmount;
      setErrors({
        amount: t('amountRange', {
          min: displayAmount(min, currencySymbol),
          max: displayAmount(max, currencySymbol),
        }),
      });
      return;
    }
    if (error.code === 'CHANNEL_UNAVAILABLE') {
      // The operator changed the channels meanwhile: show the current ones.
      void queryClient.invalidateQueries({ queryKey: depositKeys.channels });
    }
    if (error.code === 'UPLOAD_FILE_TYPE' || error.code === 'UPLOAD_TOO_LARGE') {
      setErrors({ receipt: errorText(tMain, error) });
      return;
    }
    if (error.code === 'VALIDATION_ERROR' && Array.isArray(error.value.issues)) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of error.value.issues as { path?: string }[]) {
        const field = (['amount', 'reference', 'receipt'] as const).find((name) =>
          issue.path?.includes(name),
        );
        if (field === 'amount') found.amount = t('amountInvalid');
        if (field === 'reference') found.reference = t('referenceRequired');
        if (field === 'receipt') found.receipt = tMain('errors.UPLOAD_FILE_TYPE');
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        return;
      }
    }
    setNote({ kind: 'error', text: errorText(tMain, error) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending() || !channel) return;
    const found = check(channel);
    setErrors(found);
    setNote(null);
    if (Object.keys(found).length > 0) return;
    const typed = amount.trim();
    await run(async () => {
      try {
        if (channel.kind === 'online') {
          const clientRequestId = requestId.take(JSON.stringify(['online', channel.id, typed]));
          const created = await submitOnlineDeposit({
            channelId: channel.id,
            amount: typed,
            clientRequestId,
          });
          setRedirecting(true);
          window.location.assign(created.redirectUrl);
          return;
        }
        const file = receipt!.file;
        const clientRequestId = requestId.take(
          JSON.stringify([
            'manual',
            channel.id,
            typed,
            reference.trim(),
            file.name,
            file.size,
            file.lastModified,
          ]),
        );
        const deposit = await submitManualDeposit({
          channelId: channel.id,
          amount: typed,
          reference: reference.trim(),
          receipt: await readDataUrl(file),
          clientRequestId,
        });
        requestId.renew();
        setAmount('');
        setReference('');
        setReceipt(null);
        setNote(null);
        onSubmitted(deposit.id);
      } catch (error) {
        showError(error);
      }
    });
  }

  const chips = quickAmounts(channel.minAmount, channel.maxAmount);
  const feeNote = memberFeeNote(channel, amount);
  const busy = pending || redirecting;

  return (
    <form
      className={cx(formStyles.form, shared.card)}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="deposit-form"
    >
      <h3 className={shared.cardTitle}>{t('steps.channel')}</h3>
      <ChannelPicker
        channels={channels}
        value={channel.id}
        onChange={choose}
        currencySymbol={currencySymbol}
      />

      <h3 className={shared.cardTitle}>{t('steps.amount')}</h3>
      <AmountField
        label={t('amount')}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        hint={t('amountHint', limits)}
        currencySymbol={currencySymbol}
        testId="deposit-amount"
      />
      {feeNote && (
        <p className={shared.muted} data-testid="deposit-fee">
          {feeNote.kind === 'amount'
            ? t('fee.amount', {
                fee: displayAmount(feeNote.fee, currencySymbol),
                credit: displayAmount(feeNote.credit, currencySymbol),
              })
            : t('fee.rule', {
                rate: feeNote.rate,
                fixed: displayAmount(feeNote.fixed, currencySymbol),
              })}
        </p>
      )}
      {chips.length > 0 && (
        <fieldset className={shared.chips}>
          <legend>{t('quickAmounts')}</legend>
          {chips.map((pesos) => {
            const value = String(pesos);
            return (
              <button
                key={pesos}
                type="button"
                className={shared.chip}
                aria-pressed={amount === value}
                onClick={() => {
                  setAmount(value);
                  setErrors((current) => ({ ...current, amount: undefined }));
                }}
                data-testid={`deposit-chip-${pesos}`}
              >
                {displayAmount(`${pesos}.00`, currencySymbol).replace(/\.00$/, '')}
              </button>
            );
          })}
        </fieldset>
      )}

      {channel.kind === 'manual' && (
        <>
          <h3 className={shared.cardTitle}>{t('steps.pay')}</h3>
          {channel.payee && <PayeeDetails payee={channel.payee} />}
          <TextField
            label={t('reference')}
            value={reference}
            onChange={setReference}
            error={errors.reference}
            hint={t('referenceHint')}
            maxLength={64}
            autoComplete="off"
            required
            testId="deposit-reference"
          />
          <div className={styles.upload}>
            <span className={styles.label} id="deposit-receipt-label">
              {t('receipt')}
            </span>
            <label
              htmlFor="deposit-receipt"
              className={cx(styles.uploadBox, errors.receipt && styles.uploadBoxInvalid)}
            >
              {receipt ? (
                <img
                  src={receipt.preview}
                  alt={t('receiptPreview')}
                  className={styles.preview}
                  data-testid="deposit-receipt-preview"
                />
              ) : (
                <Icon name="receipt" size={28} />
              )}
              <span>{receipt ? t('receiptReplace') : t('receiptChoose')}</span>
            </label>
            <input
              id="deposit-receipt"
              className={styles.fileInput}
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={pickReceipt}
              aria-labelledby="deposit-receipt-label"
              aria-invalid={errors.receipt ? true : undefined}
              aria-describedby={errors.receipt ? 'deposit-receipt-error' : 'deposit-receipt-hint'}
              data-testid="deposit-receipt"
            />
            <p id="deposit-receipt-hint" className={shared.muted}>
              {t('receiptHint')}
            </p>
            {errors.receipt && (
              <p
                id="deposit-receipt-error"
                className={formStyles.error}
                data-testid="deposit-receipt-error"
              >
                {errors.receipt}
              </p>
            )}
          </div>
        </>
      )}

      <FormNoteMessage note={note} testId="deposit-message" />
      <SubmitButton busy={busy} testId="deposit-submit">
        {redirecting
          ? t('redirecting')
          : pending
            ? t('submitting')
            : channel.kind === 'online'
              ? t('submitOnline')
              : t('submitManual')}
      </SubmitButton>
    </form>
  );
}

/**
 * What the member pays as the channel's fee, shown before they pay: the fee and what reaches
 * their wallet once the amount is valid, else the rule. Nothing when the merchant bears the fee
 * or the channel has none.
 */
function memberFeeNote(channel: DepositChannel, amountText: string) {
  const rule = feeRuleOf(channel.fee);
  if (channel.fee.bearer !== 'member') return null;
  if (rule.rateBp === 0 && rule.fixed === 0n && rule.min === 0n) return null;
  const amount = amountProblem(amountText, channel.minAmount, channel.maxAmount)
    ? null
    : parseAmount(amountText.trim());
  if (amount !== null) {
    const fee = channelFee(amount, rule);
    return {
      kind: 'amount' as const,
      fee: formatAmount(fee),
      credit: formatAmount(amount - fee),
    };
  }
  return {
    kind: 'rule' as const,
    rate: bpToPercent(rule.rateBp),
    fixed: channel.fee.fixed,
  };
}
