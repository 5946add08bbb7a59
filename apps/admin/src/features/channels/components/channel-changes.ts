import {
  bpToPercent,
  percentToBp,
  type AdminDepositChannel,
  type FeeBearer,
  UpdateDepositChannelRequest,
} from '@app/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

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

/** Where each part of the request is typed in the form. */
const DRAFT_FIELD_OF: Record<string, keyof ChannelDraft> = {
  'names.EN': 'nameEN',
  'names.TL': 'nameTL',
  minAmount: 'minAmount',
  maxAmount: 'maxAmount',
  enabled: 'enabled',
  sequence: 'sequence',
  'payee.name': 'payeeName',
  'payee.account': 'payeeAccount',
  'payee.bank': 'payeeBank',
  'fee.rateBp': 'feeRate',
  'fee.fixed': 'feeFixed',
  'fee.min': 'feeMin',
  'fee.max': 'feeMax',
  'fee.bearer': 'feeBearer',
};

/**
 * The form field of an issue's request path (`names.EN` is nameEN); an issue of the fee rule as
 * a whole (`fee`: the minimum above the maximum) belongs to the fee fieldset, `root.fee`.
 */
export function channelFieldOf(path: string): keyof ChannelDraft | `root.${string}` {
  return DRAFT_FIELD_OF[path] ?? `root.${path}`;
}

/**
 * Checks the request the draft makes with the server's schema, each issue on the field it came
 * from. A draft that changes nothing passes: the form says so instead of sending it.
 */
export function channelResolver(channel: AdminDepositChannel): Resolver<ChannelDraft> {
  return (draft) => {
    const change = channelChanges(channel, draft);
    const parsed =
      Object.keys(change).length === 0 ? null : UpdateDepositChannelRequest.safeParse(change);
    if (!parsed || parsed.success) return { values: draft, errors: {} };
    const errors: FieldErrors<ChannelDraft> = {};
    const root: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = channelFieldOf(issue.path.join('.'));
      const error = { type: issue.code, message: issue.message };
      if (field.startsWith('root.')) root[field.slice('root.'.length)] ??= error;
      else errors[field as keyof ChannelDraft] ??= error;
    }
    if (Object.keys(root).length > 0) errors.root = root;
    return { values: {}, errors };
  };
}
