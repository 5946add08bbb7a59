import { createHash } from 'node:crypto';
import {
  channelFee,
  formatAmount,
  parseAmount,
  type AdminDeposit,
  type ChannelFee,
  type ChannelFeeInput,
  type FeeBearer,
  type FeeRule,
  type AdminDepositChannel,
  type UpdateDepositChannelRequest,
  type Deposit,
  type DepositChannel,
  type DepositStatus,
  type Language,
  type ManualDepositRequest,
  type OnlineDepositCreated,
  type OnlineDepositRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { appendAudit } from '../audit/index.js';
import { reencodeIdImage } from '../kyc/index.js';
import { postEntryIn, type Posting } from '../ledger/index.js';
import type { Merchant } from '../merchant/index.js';
import {
  auditDecision,
  decidable,
  gatewayVerdict,
  imageOrNotFound,
  replayOf,
  requestHash,
  tell,
  type Decider,
  type LedgerListener,
  type Posted,
} from '../payment-orders/index.js';
import { callbackPathOf, type CallbackEvent, type GatewayRegistry } from '../payments/index.js';
import * as repo from './deposit.repository.js';

/** Who asks: the member of a merchant, in a language. */
export type DepositCaller = { merchant: Merchant; memberId: number; language: Language };

/** Where the gateway sends the browser back: the deposit page showing this deposit. */
export function returnUrlOf(depositId: number): string {
  return `/member/depositv2?deposit=${depositId}`;
}

function isUsable(channel: repo.ChannelRow, gateways: GatewayRegistry): boolean {
  if (!channel.enabled) return false;
  return channel.kind === 'manual' || gateways.has(channel.gatewayCode ?? '');
}

function feeRuleOfChannel(channel: repo.ChannelRow): FeeRule {
  return {
    rateBp: channel.feeRateBp,
    fixed: channel.feeFixed,
    min: channel.feeMin,
    max: channel.feeMax,
  };
}

function feeOf(channel: repo.ChannelRow): ChannelFee {
  return {
    rateBp: channel.feeRateBp,
    fixed: formatAmount(channel.feeFixed),
    min: formatAmount(channel.feeMin),
    max: channel.feeMax === null ? null : formatAmount(channel.feeMax),
    bearer: channel.feeBearer as FeeBearer,
  };
}

/** What a deposit puts in the member's main wallet: less the fee when the member bears it. */
function creditAmountOf(deposit: { amount: bigint; feeAmount: bigint; feeBearer: string }) {
  return deposit.feeBearer === 'member' ? deposit.amount - deposit.feeAmount : deposit.amount;
}

function toChannel(channel: repo.ChannelRow, language: Language): DepositChannel {
  return {
    id: channel.id,
    kind: channel.kind as DepositChannel['kind'],
    method: channel.method as DepositChannel['method'],
    name: channel.names[language] || channel.names.EN,
    payee:
      channel.kind === 'manual'
        ? {
            name: channel.payeeName ?? '',
            account: channel.payeeAccount ?? '',
            bank: channel.payeeBank,
          }
        : null,
    minAmount: formatAmount(channel.minAmount),
    maxAmount: formatAmount(channel.maxAmount),
    fee: feeOf(channel),
  };
}

function toDeposit(row: repo.DepositSummary): Deposit {
  return {
    id: row.id,
    channelId: row.channelId,
    kind: row.kind as Deposit['kind'],
    amount: formatAmount(row.amount),
    fee: formatAmount(row.feeAmount),
    feeBearer: row.feeBearer as FeeBearer,
    creditAmount: formatAmount(creditAmountOf(row)),
    currency: row.currency,
    status: row.status as DepositStatus,
    reference: row.memberReference,
    reason: row.status === 'rejected' ? row.decisionReason : null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The channels a member may use now, in the operator's order. */
export async function listChannels(
  db: Db,
  gateways: GatewayRegistry,
  caller: DepositCaller,
): Promise<DepositChannel[]> {
  const rows = await repo.enabledChannels(db, caller.merchant.id);
  return rows
    .filter((row) => isUsable(row, gateways))
    .map((row) => toChannel(row, caller.language));
}

/**
 * The channel for a new deposit of this kind, the amount in minor units within its limits, and
 * the channel's fee on it now (kept on the deposit: the member is credited what they were shown).
 */
async function checkRequest(
  db: Db,
  gateways: GatewayRegistry,
  caller: DepositCaller,
  kind: 'manual' | 'online',
  channelId: number,
  amountText: string,
): Promise<{ channel: repo.ChannelRow; amount: bigint; feeAmount: bigint; feeBearer: string }> {
  const channel = await repo.findChannel(db, caller.merchant.id, channelId);
  if (!channel || channel.kind !== kind || !isUsable(channel, gateways)) {
    throw new AppError('CHANNEL_UNAVAILABLE', { channelId });
  }
  const amount = parseAmount(amountText);
  if (amount === null || amount <= 0n) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: '/amount', message: 'invalid_amount' }],
    });
  }
  if (amount < channel.minAmount || amount > channel.maxAmount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      min: formatAmount(channel.minAmount),
      max: formatAmount(channel.maxAmount),
    });
  }
  const feeAmount = channelFee(amount, feeRuleOfChannel(channel));
  // The channel's configuration keeps a member-borne fee below its minimum; this is the last
  // guard that a deposit always credits something.
  if (channel.feeBearer === 'member' && feeAmount >= amount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      min: formatAmount(channel.minAmount),
      max: formatAmount(channel.maxAmount),
    });
  }
  return { channel, amount, feeAmount, feeBearer: channel.feeBearer };
}

/**
 * A manual deposit: the member paid into the channel's account and sends the amount, their
 * reference and the receipt image. It waits (pending) for an operator. The same client request
 * id again returns the same deposit and writes nothing.
 */
export async function createManualDeposit(
  db: Db,
  gateways: GatewayRegistry,
  caller: DepositCaller,
  request: ManualDepositRequest,
): Promise<Deposit> {
  const hash = requestHash({
    kind: 'manual',
    channelId: request.channelId,
    amount: request.amount,
    reference: request.reference,
    receipt: createHash('sha256').update(request.receipt).digest('hex'),
  });
  const earlier = replayOf(
    await repo.orders.findByClientRequest(db, caller.memberId, request.clientRequestId),
    hash,
  );
  if (earlier) return toDeposit(earlier);
  const { channel, amount, feeAmount, feeBearer } = await checkRequest(
    db,
    gateways,
    caller,
    'manual',
    request.channelId,
    request.amount,
  );
  const receipt = await reencodeIdImage('receipt', request.receipt);
  const inserted = await repo.insertDeposit(db, {
    merchantId: caller.merchant.id,
    memberId: caller.memberId,
    channelId: channel.id,
    kind: 'manual',
    currency: caller.merchant.currency,
    amount,
    feeAmount,
    feeBearer,
    memberReference: request.reference,
    receiptImage: receipt,
    receiptContentType: 'image/jpeg',
    clientRequestId: request.clientRequestId,
    requestHash: hash,
  });
  if (inserted) return toDeposit(inserted);
  // A concurrent submit with the same id won the insert.
  const winner = await repo.orders.findByClientRequest(
    db,
    caller.memberId,
    request.clientRequestId,
  );
  return toDeposit(replayOf(winner, hash)!);
}

/**
 * An online deposit: a pending deposit and a payment at the channel's gateway, whose checkout
 * page the member goes to. Only the gateway's signed callback credits it.
 */
export async function createOnlineDeposit(
  db: Db,
  gateways: GatewayRegistry,
  caller: DepositCaller,
  request: OnlineDepositRequest,
): Promise<OnlineDepositCreated> {
  const hash = requestHash({
    kind: 'online',
    channelId: request.channelId,
    amount: request.amount,
  });
  let deposit = replayOf(
    await repo.orders.findByClientRequest(db, caller.memberId, request.clientRequestId),
    hash,
  );
  if (!deposit) {
    const { channel, amount, feeAmount, feeBearer } = await checkRequest(
      db,
      gateways,
      caller,
      'online',
      request.channelId,
      request.amount,
    );
    deposit =
      (await repo.insertDeposit(db, {
        merchantId: caller.merchant.id,
        memberId: caller.memberId,
        channelId: channel.id,
        kind: 'online',
        currency: caller.merchant.currency,
        amount,
        feeAmount,
        feeBearer,
        clientRequestId: request.clientRequestId,
        requestHash: hash,
        gatewayCode: channel.gatewayCode,
      })) ??
      replayOf(
        await repo.orders.findByClientRequest(db, caller.memberId, request.clientRequestId),
        hash,
      )!;
  }
  if (deposit.redirectUrl) return { depositId: deposit.id, redirectUrl: deposit.redirectUrl };
  if (deposit.status !== 'pending')
    throw new AppError('DEPOSIT_NOT_PENDING', { status: deposit.status });
  const gateway = gateways.get(deposit.gatewayCode ?? '');
  if (!gateway) throw new AppError('CHANNEL_UNAVAILABLE', { channelId: deposit.channelId });
  // Idempotent at the gateway by order id: a concurrent double submit gets the same payment.
  let created;
  try {
    created = await gateway.createPayment({
      merchantCode: caller.merchant.code,
      orderId: String(deposit.id),
      amount: deposit.amount,
      currency: deposit.currency,
      callbackPath: callbackPathOf(gateway.code),
      returnUrl: returnUrlOf(deposit.id),
    });
  } catch (error) {
    await repo.orders.update(db, deposit.id, { status: 'failed' });
    throw new AppError('CHANNEL_UNAVAILABLE', { channelId: deposit.channelId }, String(error));
  }
  await repo.orders.update(db, deposit.id, {
    gatewayPaymentId: created.paymentId,
    redirectUrl: created.redirectUrl,
  });
  return { depositId: deposit.id, redirectUrl: created.redirectUrl };
}

export async function getDeposit(db: Db, memberId: number, id: number): Promise<Deposit> {
  const row = await repo.orders.findForMember(db, memberId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toDeposit(row);
}

export async function listDeposits(
  db: Db,
  memberId: number,
  query: { page: number; size: number; status?: DepositStatus | undefined },
) {
  return pageOf(query, await repo.orders.pageForMember(db, memberId, query), toDeposit);
}

/**
 * The ledger entry of a deposit's credit: payments in transit down by the amount paid, the
 * member's main wallet up by the credit amount; a fee goes to the channel fee account, paid out
 * of the deposit (member-borne) or by the merchant's fee expense (merchant-borne).
 */
function creditEntry(deposit: repo.DepositSummary) {
  const fee = deposit.feeAmount;
  const postings: Posting[] = [
    {
      account: { kind: 'member_main', memberId: deposit.memberId },
      amount: creditAmountOf(deposit),
    },
    { account: { kind: 'payments_in_transit' }, amount: -deposit.amount },
  ];
  if (fee > 0n) {
    postings.push({ account: { kind: 'channel_fees' }, amount: fee });
    if (deposit.feeBearer === 'merchant') {
      postings.push({ account: { kind: 'channel_fee_expense' }, amount: -fee });
    }
  }
  return {
    merchantId: deposit.merchantId,
    currency: deposit.currency,
    type: 'deposit' as const,
    idempotencyKey: `deposit:${deposit.id}`,
    memberId: deposit.memberId,
    reference: {
      depositId: deposit.id,
      ...(fee > 0n ? { fee: formatAmount(fee), feeBearer: deposit.feeBearer } : {}),
    },
    postings,
  };
}

/** Told after a credit commits (live balance to the member's sockets). */
export type CreditListener = LedgerListener;

/** A deposit that left pending, told after its change commits (the member's open deposit page). */
export type DepositChange = {
  merchantId: number;
  memberId: number;
  depositId: number;
  status: DepositStatus;
};
export type DepositListener = (change: DepositChange) => Promise<void>;

/** Who hears about a decided deposit: its ledger entry's and its new status's listeners. */
export type DepositListeners = { onCredit?: CreditListener; onChange?: DepositListener };

/** Tells the listener about a committed status change; its failure never fails the decision. */
async function tellChange(listener: DepositListener | undefined, change: DepositChange | null) {
  if (listener && change) await listener(change).catch(() => undefined);
}

function changeOf(deposit: repo.DepositSummary, status: DepositStatus): DepositChange {
  return {
    merchantId: deposit.merchantId,
    memberId: deposit.memberId,
    depositId: deposit.id,
    status,
  };
}

export type OperatorDecision = Decider & { merchantId: number; depositId: number };

/** Locks a manual deposit that is still pending, or says why it cannot be decided. */
async function lockPendingManual(tx: Db, decision: OperatorDecision) {
  const deposit = await repo.orders.lock(tx, decision.merchantId, decision.depositId);
  return decidable(deposit?.kind === 'manual' ? deposit : null, 'DEPOSIT_NOT_PENDING');
}

/**
 * An operator approves a manual deposit: it is credited through the ledger in the same
 * transaction as its status changes, exactly once (row lock, status check and the ledger's
 * idempotency key `deposit:<id>`), and audited.
 */
export async function approveDeposit(
  db: Db,
  decision: OperatorDecision,
  listeners: DepositListeners = {},
): Promise<Deposit> {
  let credit: Posted | null = null;
  let change: DepositChange | null = null;
  const result = await inTransaction(db, async (tx) => {
    const deposit = await lockPendingManual(tx, decision);
    const entry = await postEntryIn(tx, creditEntry(deposit));
    credit = { merchantId: deposit.merchantId, currency: deposit.currency, entry };
    change = changeOf(deposit, 'credited');
    const decidedAt = new Date();
    await repo.orders.update(tx, deposit.id, {
      status: 'credited',
      ledgerEntryId: entry.entryId,
      decidedBy: decision.operatorId,
      decidedAt,
    });
    await auditDecision(tx, deposit, decision, {
      action: 'deposit.approve',
      subjectType: 'deposit',
      before: { status: 'pending' },
      after: {
        status: 'credited',
        memberId: deposit.memberId,
        amount: formatAmount(deposit.amount),
        currency: deposit.currency,
        fee: formatAmount(deposit.feeAmount),
        feeBearer: deposit.feeBearer,
        ledgerEntryId: entry.entryId,
      },
    });
    return toDeposit({
      ...deposit,
      status: 'credited',
      ledgerEntryId: entry.entryId,
      decidedBy: decision.operatorId,
      decidedAt,
    });
  });
  await tell(listeners.onCredit, credit);
  await tellChange(listeners.onChange, change);
  return result;
}

/** An operator rejects a manual deposit with a reason the member sees; nothing moves. */
export async function rejectDeposit(
  db: Db,
  decision: OperatorDecision & { reason: string },
  listeners: Pick<DepositListeners, 'onChange'> = {},
): Promise<Deposit> {
  let change: DepositChange | null = null;
  const result = await inTransaction(db, async (tx) => {
    const deposit = await lockPendingManual(tx, decision);
    change = changeOf(deposit, 'rejected');
    const decidedAt = new Date();
    await repo.orders.update(tx, deposit.id, {
      status: 'rejected',
      decidedBy: decision.operatorId,
      decidedAt,
      decisionReason: decision.reason,
    });
    await auditDecision(tx, deposit, decision, {
      action: 'deposit.reject',
      subjectType: 'deposit',
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        reason: decision.reason,
        memberId: deposit.memberId,
        amount: formatAmount(deposit.amount),
        currency: deposit.currency,
      },
    });
    return toDeposit({
      ...deposit,
      status: 'rejected',
      decidedBy: decision.operatorId,
      decidedAt,
      decisionReason: decision.reason,
    });
  });
  await tellChange(listeners.onChange, change);
  return result;
}

/** The operators' queue of a merchant's deposits, oldest first. */
export async function depositQueue(
  db: Db,
  merchantId: number,
  query: { page: number; size: number; status?: DepositStatus | undefined },
): Promise<{ items: AdminDeposit[]; page: number; size: number; total: number }> {
  return pageOf(query, await repo.pageQueue(db, merchantId, query), (row) => ({
    ...toDeposit(row),
    memberId: row.memberId,
    username: row.username,
    channelName: row.channelNames.EN,
    hasReceipt: row.hasReceipt,
    decidedBy: row.decidedBy,
    ledgerEntryId: row.ledgerEntryId,
  }));
}

/** A deposit waits pending for its gateway, which credits or fails it. */
const GATEWAY_STATES = {
  open: 'pending',
  paid: 'credited',
  failed: 'failed',
  stale: 'not_pending',
} as const;

export type SettleVerdict =
  | 'credited'
  | 'failed'
  | 'duplicate'
  | 'unknown_payment'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'not_pending';

/**
 * What a verified gateway callback does to its deposit: paid credits it once (in the same
 * transaction as its status), failed marks it failed; an amount or currency other than the
 * deposit's, or an unknown payment, changes nothing.
 */
export async function settleOnlineDeposit(
  db: Db,
  gatewayCode: string,
  event: CallbackEvent,
  listeners: DepositListeners = {},
): Promise<{ verdict: SettleVerdict; depositId: number | null; merchantId: number | null }> {
  let credit: Posted | null = null;
  let change: DepositChange | null = null;
  type Settled = { verdict: SettleVerdict; depositId: number | null; merchantId: number | null };
  const result = await inTransaction(db, async (tx): Promise<Settled> => {
    credit = null;
    change = null;
    const deposit = await repo.orders.lockByGatewayRef(tx, gatewayCode, event.paymentId);
    if (
      !deposit ||
      deposit.merchantCode !== event.merchantCode ||
      String(deposit.id) !== event.orderId
    ) {
      return { verdict: 'unknown_payment', depositId: null, merchantId: null };
    }
    const about = { depositId: deposit.id, merchantId: deposit.merchantId };
    const refused = gatewayVerdict(deposit, event, GATEWAY_STATES);
    if (refused) return { verdict: refused, ...about };
    if (event.status === 'failed') {
      await repo.orders.update(tx, deposit.id, { status: 'failed' });
      change = changeOf(deposit, 'failed');
      return { verdict: 'failed', ...about };
    }
    const entry = await postEntryIn(tx, creditEntry(deposit));
    credit = { merchantId: deposit.merchantId, currency: deposit.currency, entry };
    await repo.orders.update(tx, deposit.id, { status: 'credited', ledgerEntryId: entry.entryId });
    change = changeOf(deposit, 'credited');
    await appendAudit(tx, {
      merchantId: deposit.merchantId,
      actorType: 'system',
      actorId: `gateway:${gatewayCode}`,
      action: 'deposit.gateway_credit',
      subjectType: 'deposit',
      subjectId: String(deposit.id),
      before: { status: 'pending' },
      after: {
        status: 'credited',
        memberId: deposit.memberId,
        amount: formatAmount(deposit.amount),
        fee: formatAmount(deposit.feeAmount),
        feeBearer: deposit.feeBearer,
        paymentId: event.paymentId,
        ledgerEntryId: entry.entryId,
      },
    });
    return { verdict: 'credited', ...about };
  });
  await tell(listeners.onCredit, credit);
  await tellChange(listeners.onChange, change);
  return result;
}

/** The receipt image of a manual deposit of this merchant; NOT_FOUND when there is none. */
export async function depositReceipt(
  db: Db,
  merchantId: number,
  depositId: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  return imageOrNotFound(await repo.orders.imageOf(db, merchantId, depositId));
}

function toAdminChannel(row: repo.ChannelRow): AdminDepositChannel {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as AdminDepositChannel['kind'],
    method: row.method as AdminDepositChannel['method'],
    names: { EN: row.names.EN, TL: row.names.TL },
    payee: { name: row.payeeName, account: row.payeeAccount, bank: row.payeeBank },
    minAmount: formatAmount(row.minAmount),
    maxAmount: formatAmount(row.maxAmount),
    enabled: row.enabled,
    sequence: row.sequence,
    gatewayCode: row.gatewayCode,
    fee: feeOf(row),
  };
}

/** Every deposit channel of a merchant, enabled or not, for the back office. */
export async function channelConfig(db: Db, merchantId: number): Promise<AdminDepositChannel[]> {
  return (await repo.allChannels(db, merchantId)).map(toAdminChannel);
}

function invalid(path: string, message: string): never {
  throw new AppError('VALIDATION_ERROR', { issues: [{ path, message }] });
}

/** The fee columns of an operator's fee rule (already checked by ChannelFeeInput). */
function feeColumnsOf(fee: ChannelFeeInput) {
  const amount = (text: string, path: string) =>
    parseAmount(text) ?? invalid(path, 'invalid_fee_amount');
  return {
    feeRateBp: fee.rateBp,
    feeFixed: amount(fee.fixed, '/fee/fixed'),
    feeMin: amount(fee.min, '/fee/min'),
    feeMax: fee.max === null ? null : amount(fee.max, '/fee/max'),
    feeBearer: fee.bearer,
  };
}

/**
 * An operator changes a channel's limits, state, names, payee, order or fee. The result must keep
 * 0 < min <= max; payee details belong to manual channels only; a member-borne fee must stay
 * below the minimum amount, so every deposit credits something. Audited with before and after.
 */
export async function updateChannelConfig(
  db: Db,
  change: { merchantId: number; channelId: number; operatorId: number; ip?: string | null },
  request: UpdateDepositChannelRequest,
): Promise<AdminDepositChannel> {
  const min = request.minAmount === undefined ? undefined : parseAmount(request.minAmount);
  const max = request.maxAmount === undefined ? undefined : parseAmount(request.maxAmount);
  if (min === null) invalid('/minAmount', 'invalid_amount');
  if (max === null) invalid('/maxAmount', 'invalid_amount');
  const fee = request.fee ? feeColumnsOf(request.fee) : undefined;
  return inTransaction(db, async (tx) => {
    const channel = await repo.lockChannel(tx, change.merchantId, change.channelId);
    if (!channel) throw new AppError('NOT_FOUND');
    const nextMin = min ?? channel.minAmount;
    const nextMax = max ?? channel.maxAmount;
    if (nextMin <= 0n) invalid('/minAmount', 'invalid_amount');
    if (nextMax < nextMin) invalid('/maxAmount', 'max_below_min');
    if (request.payee && channel.kind !== 'manual') invalid('/payee', 'manual_only');
    const nextFee = fee ?? {
      feeRateBp: channel.feeRateBp,
      feeFixed: channel.feeFixed,
      feeMin: channel.feeMin,
      feeMax: channel.feeMax,
      feeBearer: channel.feeBearer,
    };
    const rule = {
      rateBp: nextFee.feeRateBp,
      fixed: nextFee.feeFixed,
      min: nextFee.feeMin,
      max: nextFee.feeMax,
    };
    // amount - fee(amount) never falls as the amount grows (rate <= 50 %), so the minimum decides.
    if (nextFee.feeBearer === 'member' && channelFee(nextMin, rule) >= nextMin) {
      invalid('/fee', 'fee_not_below_min_amount');
    }
    const updated = await repo.updateChannel(tx, channel.id, {
      minAmount: nextMin,
      maxAmount: nextMax,
      ...(fee ?? {}),
      ...(request.enabled === undefined ? {} : { enabled: request.enabled }),
      ...(request.names ? { names: request.names } : {}),
      ...(request.sequence === undefined ? {} : { sequence: request.sequence }),
      ...(request.payee
        ? {
            payeeName: request.payee.name,
            payeeAccount: request.payee.account,
            payeeBank: request.payee.bank || null,
          }
        : {}),
    });
    const before = toAdminChannel(channel);
    const after = toAdminChannel(updated);
    await appendAudit(tx, {
      merchantId: change.merchantId,
      actorType: 'operator',
      actorId: String(change.operatorId),
      action: 'deposit_channel.update',
      subjectType: 'deposit_channel',
      subjectId: String(channel.id),
      before,
      after,
      ip: change.ip ?? null,
    });
    return after;
  });
}
