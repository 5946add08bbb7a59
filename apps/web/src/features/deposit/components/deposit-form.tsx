import {
  bpToPercent,
  channelFee,
  feeRuleOf,
  formatAmount,
  ManualDepositRequest,
  parseAmount,
  type DepositChannel,
} from '@app/shared';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDepositTranslation } from '../deposit-texts';
import { formStyles, type FormNote, FormNoteMessage, TextField } from '@/components/form/fields';
import {
  bindField,
  errorText as fieldErrorText,
  messageKey,
  refuse,
  translatedText,
  useZodForm,
} from '@/components/form/zod-form';
import { Icon } from '@/components/icon';
import { ApiError } from '@app/client';
import { cx } from '@/lib/class-names';
import { errorText } from '@/lib/error-text';
import { IMAGE_ACCEPT, imageFileProblem, readDataUrl } from '@/lib/image-file';
import { queryClient } from '@/lib/query-client';
import { depositKeys, useSubmitManualDeposit, useSubmitOnlineDeposit } from '../api/deposit';
import { amountProblem, displayAmount, quickAmounts } from '@/lib/amount';
import { useClientRequestId } from '@/lib/request-id';
import { ChannelPicker } from './channel-picker';
import { PayeeDetails } from './payee-details';
import { SubmitButton, AmountField } from '@/components/money-form';
import shared from '@/components/money-page.module.css';
import styles from './deposit.module.css';

type Receipt = { file: File; preview: string };

/**
 * What the member gives of the channel's request: an amount within its limits, and for a manual
 * channel the reference (as ManualDepositRequest checks it) and the receipt's picture.
 */
function depositFields(channel: DepositChannel | undefined, currencySymbol: string) {
  const manual = channel?.kind === 'manual';
  return z
    .object({
      amount: z.string(),
      reference: manual ? ManualDepositRequest.shape.reference : z.string(),
      receipt: z.custom<Receipt | null>(),
    })
    .superRefine(({ amount, receipt }, ctx) => {
      if (!channel) return;
      const problem = amountProblem(amount, channel.minAmount, channel.maxAmount);
      if (problem === 'invalid') refuse(ctx, 'amount', 'amountInvalid');
      if (problem === 'range') {
        refuse(ctx, 'amount', rangeKey(channel.minAmount, channel.maxAmount, currencySymbol));
      }
      if (manual && !receipt) refuse(ctx, 'receipt', 'receiptRequired');
    });
}

/** The `amountRange` message key with the limits as the member reads them. */
function rangeKey(min: string, max: string, currencySymbol: string): string {
  return messageKey('amountRange', {
    min: displayAmount(min, currencySymbol),
    max: displayAmount(max, currencySymbol),
  });
}

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
  const channel = channels.find((entry) => entry.id === channelId) ?? channels[0];
  const form = useZodForm(
    depositFields(channel, currencySymbol),
    { amount: '', reference: '', receipt: null },
    { messages: { amount: 'amountInvalid', reference: 'referenceRequired' } },
  );
  const amount = form.watch('amount');
  const receipt = form.watch('receipt');
  const [note, setNote] = useState<FormNote>(null);
  const [redirecting, setRedirecting] = useState(false);
  const requestId = useClientRequestId();
  const manualDeposit = useSubmitManualDeposit();
  const onlineDeposit = useSubmitOnlineDeposit();
  const pending = manualDeposit.isPending || onlineDeposit.isPending;
  const fieldError = (field: 'receipt') => fieldErrorText(t, form.formState.errors[field]);

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
    form.clearErrors();
    setNote(null);
  }

  function pickReceipt(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      form.setError('receipt', { message: translatedText(tMain(`errors.${problem}`)) });
      return;
    }
    form.setValue('receipt', { file, preview: URL.createObjectURL(file) });
    form.clearErrors('receipt');
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
      form.setError('amount', { message: rangeKey(min, max, currencySymbol) });
      return;
    }
    if (error.code === 'CHANNEL_UNAVAILABLE') {
      // The operator changed the channels meanwhile: show the current ones.
      void queryClient.invalidateQueries({ queryKey: depositKeys.channels });
    }
    if (error.code === 'UPLOAD_FILE_TYPE' || error.code === 'UPLOAD_TOO_LARGE') {
      form.setError('receipt', { message: translatedText(errorText(tMain, error)) });
      return;
    }
    if (error.code === 'VALIDATION_ERROR' && Array.isArray(error.value.issues)) {
      let found = false;
      for (const issue of error.value.issues as { path?: string }[]) {
        const field = (['amount', 'reference', 'receipt'] as const).find((name) =>
          issue.path?.includes(name),
        );
        if (field) found = true;
        if (field === 'amount') form.setError('amount', { message: 'amountInvalid' });
        if (field === 'reference') form.setError('reference', { message: 'referenceRequired' });
        if (field === 'receipt') {
          form.setError('receipt', {
            message: translatedText(tMain('errors.UPLOAD_FILE_TYPE')),
          });
        }
      }
      if (found) return;
    }
    setNote({ kind: 'error', text: errorText(tMain, error) });
  }

  const submit = form.handleSubmit(
    async (values) => {
      if (pending) return;
      setNote(null);
      const typed = values.amount.trim();
      if (channel.kind === 'online') {
        const clientRequestId = requestId.take(JSON.stringify(['online', channel.id, typed]));
        onlineDeposit.mutate(
          { channelId: channel.id, amount: typed, clientRequestId },
          {
            onSuccess: (created) => {
              setRedirecting(true);
              window.location.assign(created.redirectUrl);
            },
            onError: showError,
          },
        );
        return;
      }
      const file = values.receipt!.file;
      const reference = values.reference;
      const clientRequestId = requestId.take(
        JSON.stringify([
          'manual',
          channel.id,
          typed,
          reference,
          file.name,
          file.size,
          file.lastModified,
        ]),
      );
      let picture: string;
      try {
        picture = await readDataUrl(file);
      } catch (error) {
        showError(error);
        return;
      }
      manualDeposit.mutate(
        { channelId: channel.id, amount: typed, reference, receipt: picture, clientRequestId },
        {
          onSuccess: (deposit) => {
            requestId.renew();
            form.reset();
            setNote(null);
            onSubmitted(deposit.id);
          },
          onError: showError,
        },
      );
    },
    () => setNote(null),
  );

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
        {...bindField(form, t, 'amount')}
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
                  form.setValue('amount', value);
                  form.clearErrors('amount');
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
            {...bindField(form, t, 'reference')}
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
              className={cx(styles.uploadBox, fieldError('receipt') && styles.uploadBoxInvalid)}
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
              className="visually-hidden"
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={pickReceipt}
              aria-labelledby="deposit-receipt-label"
              aria-invalid={fieldError('receipt') ? true : undefined}
              aria-describedby={
                fieldError('receipt') ? 'deposit-receipt-error' : 'deposit-receipt-hint'
              }
              data-testid="deposit-receipt"
            />
            <p id="deposit-receipt-hint" className={shared.muted}>
              {t('receiptHint')}
            </p>
            {fieldError('receipt') && (
              <p
                id="deposit-receipt-error"
                className={formStyles.error}
                data-testid="deposit-receipt-error"
              >
                {fieldError('receipt')}
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
