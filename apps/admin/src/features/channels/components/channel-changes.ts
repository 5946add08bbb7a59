import {
  bpToPercent,
  percentToBp,
  type AdminDepositChannel,
  type FeeBearer,
  type UpdateDepositChannelRequest,
} from '@app/shared';

/** What the channel form edits, as the inputs hold it. */
export type ChannelDraft = {
  nameEN: string;
  nameTL: string;
  minAmount: string;
  maxAmount: string;
  enabled: boolean;
  sequence: string;
  payeeName: string;
  payeeAccount: string;
  payeeBank: string;
  /** The fee rate as a percent ("1.50"). */
  feeRate: string;
  feeFixed: string;
  feeMin: string;
  /** Empty: no cap. */
  feeMax: string;
  feeBearer: FeeBearer;
};

export function draftOf(channel: AdminDepositChannel): ChannelDraft {
  return {
    nameEN: channel.names.EN,
    nameTL: channel.names.TL,
    minAmount: channel.minAmount,
    maxAmount: channel.maxAmount,
    enabled: channel.enabled,
    sequence: String(channel.sequence),
    payeeName: channel.payee.name ?? '',
    payeeAccount: channel.payee.account ?? '',
    payeeBank: channel.payee.bank ?? '',
    feeRate: bpToPercent(channel.fee.rateBp),
    feeFixed: channel.fee.fixed,
    feeMin: channel.fee.min,
    feeMax: channel.fee.max ?? '',
    feeBearer: channel.fee.bearer,
  };
}

/**
 * The request for what changed between the saved channel and the draft; empty when nothing did.
 * A sequence that is not a whole number is sent as it is typed, so the server names the field.
 */
export function channelChanges(
  channel: AdminDepositChannel,
  draft: ChannelDraft,
): UpdateDepositChannelRequest {
  const saved = draftOf(channel);
  // The server trims text, so spaces alone are no change.
  const differs = (key: Exclude<keyof ChannelDraft, 'enabled' | 'feeBearer'>) =>
    draft[key].trim() !== saved[key].trim();
  const change: Record<string, unknown> = {};
  if (differs('minAmount')) change.minAmount = draft.minAmount.trim();
  if (differs('maxAmount')) change.maxAmount = draft.maxAmount.trim();
  if (draft.enabled !== saved.enabled) change.enabled = draft.enabled;
  if (differs('nameEN') || differs('nameTL')) {
    change.names = { EN: draft.nameEN, TL: draft.nameTL };
  }
  if (differs('sequence')) {
    const sequence = Number(draft.sequence.trim());
    change.sequence = /^\d+$/.test(draft.sequence.trim()) ? sequence : draft.sequence;
  }
  if (
    channel.kind === 'manual' &&
    (differs('payeeName') || differs('payeeAccount') || differs('payeeBank'))
  ) {
    change.payee = {
      name: draft.payeeName,
      account: draft.payeeAccount,
      bank: draft.payeeBank.trim() || null,
    };
  }
  if (
    differs('feeRate') ||
    differs('feeFixed') ||
    differs('feeMin') ||
    differs('feeMax') ||
    draft.feeBearer !== saved.feeBearer
  ) {
    // The whole rule goes at once; a rate that is not a percent is sent as typed so the server
    // names the field.
    change.fee = {
      rateBp: percentToBp(draft.feeRate) ?? draft.feeRate,
      fixed: draft.feeFixed.trim(),
      min: draft.feeMin.trim(),
      max: draft.feeMax.trim() || null,
      bearer: draft.feeBearer,
    };
  }
  return change;
}
