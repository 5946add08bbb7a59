import {
  dayStart,
  formatAmount,
  MAX_PAYOUT_ACCOUNTS,
  parseAmount,
  type AdminWithdrawal,
  type BindPayoutAccountRequest,
  type PayoutAccount,
  type PayoutAccountList,
  type PayoutMethod,
  type ReceiptStatus,
  type Withdrawal,
  type WithdrawalReceiptRequest,
  type WithdrawalStatus,
  type WithdrawInfo,
  type WithdrawRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { inTransaction } from '../../lib/transaction.js';
import { appendAudit } from '../audit/index.js';
import { remainingTurnover } from '../bonus/index.js';
import { normalizeName } from '../eligibility/index.js';
import { reencodeIdImage } from '../kyc/index.js';
import { mainBalance, placeHoldIn, settleHoldIn } from '../ledger/index.js';
import { checkPaymentPassword } from '../member/index.js';
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
import {
  callbackPathOf,
  type CallbackEvent,
  type GatewayRegistry,
  type PaymentGateway,
  type PayoutResult,
} from '../payments/index.js';
import { getWhitelabel } from '../system/index.js';
import { DEFAULT_MONEY_SETTINGS, getMoneySettings } from '../wallet/index.js';
import * as repo from './withdrawal.repository.js';

/** Who asks: a signed-in member or agent of a merchant. */
export type WithdrawCaller = { merchant: Merchant; auth: SignedIn; ip: string | null };

function toAccount(row: repo.PayoutAccountRow): PayoutAccount {
  return {
    id: row.id,
    method: row.method as PayoutMethod,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

function toWithdrawal(row: repo.WithdrawalSummary): Withdrawal {
  return {
    id: row.id,
    amount: formatAmount(row.amount),
    currency: row.currency,
    status: row.status as WithdrawalStatus,
    payee: {
      method: row.payeeMethod as PayoutMethod,
      bankName: row.payeeBank,
      accountName: row.payeeName,
      accountNumber: row.payeeAccount,
    },
    reason: row.status === 'rejected' || row.status === 'failed' ? row.decisionReason : null,
    receiptStatus: row.receiptStatus as ReceiptStatus | null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    receiptAt: row.receiptAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------- payout accounts

/** Whether KYC is on for the merchant (the white-label switch the KYC modal follows). */
async function kycIsOn(db: Db, merchantId: number): Promise<boolean> {
  return (await getWhitelabel(db, merchantId)).MANDATORYKYC3;
}

export async function listAccounts(db: Db, caller: WithdrawCaller): Promise<PayoutAccountList> {
  const memberId = caller.auth.member.id;
  const [rows, kycRequired, kycName] = await Promise.all([
    repo.memberAccounts(db, memberId),
    kycIsOn(db, caller.merchant.id),
    repo.kycName(db, memberId),
  ]);
  return { items: rows.map(toAccount), max: MAX_PAYOUT_ACCOUNTS, kycRequired, kycName };
}

/**
 * Binds a bank or e-wallet account. With KYC on, the account name must be the member's KYC real
 * name (case and spaces aside); a member without one is KYC_REQUIRED. At most
 * MAX_PAYOUT_ACCOUNTS per member; the same number twice is PAYOUT_ACCOUNT_EXISTS.
 */
export async function bindAccount(
  db: Db,
  caller: WithdrawCaller,
  request: BindPayoutAccountRequest,
): Promise<PayoutAccount> {
  const member = caller.auth.member;
  if (await kycIsOn(db, caller.merchant.id)) {
    const name = await repo.kycName(db, member.id);
    if (!name) throw new AppError('KYC_REQUIRED');
    if (normalizeName(name) !== normalizeName(request.accountName)) {
      throw new AppError('PAYOUT_ACCOUNT_NAME_MISMATCH');
    }
  }
  return inTransaction(db, async (tx) => {
    await repo.lockMember(tx, member.id);
    const existing = await repo.memberAccounts(tx, member.id);
    if (existing.length >= MAX_PAYOUT_ACCOUNTS) {
      throw new AppError('PAYOUT_ACCOUNT_LIMIT', { max: MAX_PAYOUT_ACCOUNTS });
    }
    const row = await repo.insertAccount(tx, {
      merchantId: caller.merchant.id,
      memberId: member.id,
      method: request.method,
      bankName: request.method === 'bank' ? (request.bankName ?? null) : null,
      accountName: request.accountName.replace(/\s+/g, ' '),
      accountNumber: request.accountNumber,
    });
    if (!row) throw new AppError('PAYOUT_ACCOUNT_EXISTS');
    await appendAudit(tx, {
      merchantId: caller.merchant.id,
      actorType: 'member',
      actorId: String(member.id),
      action: 'payout_account.bind',
      subjectType: 'payout_account',
      subjectId: String(row.id),
      after: { method: row.method, bankName: row.bankName, accountNumber: row.accountNumber },
      ip: caller.ip,
    });
    return toAccount(row);
  });
}

export async function removeAccount(db: Db, caller: WithdrawCaller, id: number): Promise<void> {
  const member = caller.auth.member;
  await inTransaction(db, async (tx) => {
    if (!(await repo.deleteAccount(tx, member.id, id))) throw new AppError('NOT_FOUND');
    await appendAudit(tx, {
      merchantId: caller.merchant.id,
      actorType: 'member',
      actorId: String(member.id),
      action: 'payout_account.remove',
      subjectType: 'payout_account',
      subjectId: String(id),
      ip: caller.ip,
    });
  });
}

// ---------------------------------------------------------------- requests

/** What the withdraw page shows: balance, limits, what is left today, turnover owed. */
export async function withdrawInfo(db: Db, caller: WithdrawCaller): Promise<WithdrawInfo> {
  const { merchant } = caller;
  const member = caller.auth.member;
  const [settings, balance, used, turnover] = await Promise.all([
    getMoneySettings(db, merchant.id),
    mainBalance(db, merchant.id, member.id, merchant.currency),
    repo.usedToday(db, member.id, dayStart(new Date(), merchant.timeZone)),
    remainingTurnover(db, merchant.id, member.id),
  ]);
  const leftAmount = settings.withdrawDailyAmount - used.amount;
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    balance: formatAmount(balance),
    hasPaymentPassword: member.paymentPasswordHash !== null,
    minAmount: formatAmount(settings.withdrawMinAmount),
    maxAmount: formatAmount(settings.withdrawMaxAmount),
    dailyCount: settings.withdrawDailyCount,
    dailyAmount: formatAmount(settings.withdrawDailyAmount),
    remainingCount: Math.max(0, settings.withdrawDailyCount - used.count),
    remainingAmount: formatAmount(leftAmount > 0n ? leftAmount : 0n),
    remainingTurnover: formatAmount(turnover),
  };
}

function invalidAmount(): never {
  throw new AppError('VALIDATION_ERROR', {
    issues: [{ path: '/amount', message: 'invalid_amount' }],
  });
}

/**
 * A withdrawal request. Checked in this order: payment password (set, right, not throttled),
 * payout account, amount (a valid amount within the merchant's min and max), today's count and
 * total (Asia/Manila day), bonus turnover still owed (TURNOVER_NOT_MET with `remaining`), balance
 * (INSUFFICIENT_BALANCE). The amount is then held (withdrawals_pending) in the same transaction
 * as the withdrawal is written. The same client request id again returns the same withdrawal and
 * moves nothing; with a different body it is DUPLICATE_TRANSACTION.
 */
export async function requestWithdrawal(
  deps: { db: Db; limiter: RateLimiter },
  caller: WithdrawCaller,
  request: WithdrawRequest,
  onLedger?: LedgerListener,
): Promise<Withdrawal> {
  const { db } = deps;
  const { merchant } = caller;
  const member = caller.auth.member;
  await checkPaymentPassword(deps.limiter, caller.auth.member, request.paymentPassword);

  const parsed = parseAmount(request.amount.trim());
  const hash = requestHash({
    payoutAccountId: request.payoutAccountId,
    amount: parsed === null ? request.amount : formatAmount(parsed),
  });
  const earlier = replayOf(
    await repo.orders.findByClientRequest(db, member.id, request.clientRequestId),
    hash,
  );
  if (earlier) return toWithdrawal(earlier);

  const account = await repo.findMemberAccount(db, member.id, request.payoutAccountId);
  if (!account) throw new AppError('NOT_FOUND', { field: 'payoutAccountId' });
  if (parsed === null || parsed <= 0n) invalidAmount();
  const amount = parsed;
  const settings = await getMoneySettings(db, merchant.id);
  if (amount < settings.withdrawMinAmount || amount > settings.withdrawMaxAmount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      min: formatAmount(settings.withdrawMinAmount),
      max: formatAmount(settings.withdrawMaxAmount),
    });
  }

  let posted: Posted | null = null;
  const result = await inTransaction(db, async (tx) => {
    posted = null;
    // One request of the member at a time: the daily limits and the replay check hold.
    await repo.lockMember(tx, member.id);
    const raced = replayOf(
      await repo.orders.findByClientRequest(tx, member.id, request.clientRequestId),
      hash,
    );
    if (raced) return raced;
    const used = await repo.usedToday(tx, member.id, dayStart(new Date(), merchant.timeZone));
    if (used.count >= settings.withdrawDailyCount) {
      throw new AppError('WITHDRAWAL_COUNT_EXCEEDED', { limit: settings.withdrawDailyCount });
    }
    const left = settings.withdrawDailyAmount - used.amount;
    if (amount > left) {
      throw new AppError('WITHDRAWAL_AMOUNT_EXCEEDED', {
        remaining: formatAmount(left > 0n ? left : 0n),
      });
    }
    const turnover = await remainingTurnover(tx, merchant.id, member.id);
    if (turnover > 0n) {
      throw new AppError('TURNOVER_NOT_MET', { remaining: formatAmount(turnover) });
    }
    const hold = await placeHoldIn(tx, {
      merchantId: merchant.id,
      currency: merchant.currency,
      type: 'withdrawal',
      idempotencyKey: `withdrawal:${member.id}:${request.clientRequestId}`,
      memberId: member.id,
      reference: { clientRequestId: request.clientRequestId },
      source: { kind: 'member_main', memberId: member.id },
      holdKind: 'withdrawals_pending',
      amount,
    });
    posted = { merchantId: merchant.id, currency: merchant.currency, entry: hold.entry };
    const row = await repo.insertWithdrawal(tx, {
      merchantId: merchant.id,
      memberId: member.id,
      currency: merchant.currency,
      amount,
      payoutAccountId: account.id,
      payeeMethod: account.method,
      payeeBank: account.bankName,
      payeeName: account.accountName,
      payeeAccount: account.accountNumber,
      clientRequestId: request.clientRequestId,
      requestHash: hash,
      holdId: hold.holdId,
      holdEntryId: hold.entry.entryId,
    });
    await appendAudit(tx, {
      merchantId: merchant.id,
      actorType: 'member',
      actorId: String(member.id),
      action: 'withdrawal.request',
      subjectType: 'withdrawal',
      subjectId: String(row.id),
      after: {
        status: 'pending',
        amount: formatAmount(amount),
        currency: merchant.currency,
        holdId: hold.holdId,
        ledgerEntryId: hold.entry.entryId,
      },
      ip: caller.ip,
    });
    return row;
  });
  await tell(onLedger, posted);
  return toWithdrawal(result);
}

export async function getWithdrawal(db: Db, memberId: number, id: number): Promise<Withdrawal> {
  const row = await repo.orders.findForMember(db, memberId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toWithdrawal(row);
}

export async function listWithdrawals(
  db: Db,
  memberId: number,
  query: { page: number; size: number; status?: WithdrawalStatus | undefined },
) {
  return pageOf(query, await repo.orders.pageForMember(db, memberId, query), toWithdrawal);
}

// ---------------------------------------------------------------- receipt

/**
 * After the payout the member says received, partly received or not received (the last two with
 * a proof image, re-encoded like deposit receipts). Once only: a second answer, or one after the
 * auto-receipt job closed it, is RECEIPT_NOT_OPEN. Nothing is refunded by a receipt.
 */
export async function confirmReceipt(
  db: Db,
  caller: WithdrawCaller,
  id: number,
  request: WithdrawalReceiptRequest,
): Promise<Withdrawal> {
  const member = caller.auth.member;
  const current = await repo.orders.findForMember(db, member.id, id);
  if (!current) throw new AppError('NOT_FOUND');
  const closed = () =>
    new AppError('RECEIPT_NOT_OPEN', {
      status: current.status,
      receiptStatus: current.receiptStatus,
    });
  if (current.status !== 'paid' || current.receiptStatus !== null) throw closed();
  const proof =
    request.status !== 'received' && request.proof
      ? await reencodeIdImage('proof', request.proof)
      : null;
  return inTransaction(db, async (tx) => {
    const row = await repo.closeReceipt(tx, member.id, id, {
      receiptStatus: request.status,
      receiptNote: request.note || null,
      proofImage: proof,
      proofContentType: proof ? 'image/jpeg' : null,
    });
    if (!row) throw closed();
    await appendAudit(tx, {
      merchantId: row.merchantId,
      actorType: 'member',
      actorId: String(member.id),
      action: 'withdrawal.receipt',
      subjectType: 'withdrawal',
      subjectId: String(id),
      before: { receiptStatus: null },
      after: { receiptStatus: request.status, proof: proof !== null },
      ip: caller.ip,
    });
    return toWithdrawal(row);
  });
}

/**
 * The auto-receipt job's work for one period: every paid withdrawal still unconfirmed
 * `autoReceiptMinutes` (its merchant's) before the end of the period becomes auto_received, an
 * irreversible receipt. Runs inside the job's claim transaction.
 */
export async function autoConfirmReceipts(tx: Db, at: Date): Promise<{ marked: number }> {
  const rows = await repo.autoReceive(tx, at, DEFAULT_MONEY_SETTINGS.autoReceiptMinutes);
  for (const row of rows) {
    await appendAudit(tx, {
      merchantId: row.merchantId,
      actorType: 'system',
      actorId: 'job:withdrawal-auto-receipt',
      action: 'withdrawal.auto_receipt',
      subjectType: 'withdrawal',
      subjectId: String(row.id),
      before: { receiptStatus: null },
      after: { receiptStatus: 'auto_received', at: at.toISOString() },
    });
  }
  return { marked: rows.length };
}

// ---------------------------------------------------------------- operators

export type OperatorDecision = Decider & { merchantId: number; withdrawalId: number };

type Locked = repo.WithdrawalSummary & { merchantCode: string };

async function lockPending(tx: Db, decision: OperatorDecision): Promise<Locked> {
  const row = await repo.orders.lock(tx, decision.merchantId, decision.withdrawalId);
  return decidable(row, 'WITHDRAWAL_NOT_PENDING');
}

/** The gateway that pays withdrawals out: the first with a payout (the sandbox outside production). */
function payoutGateway(gateways: GatewayRegistry): PaymentGateway | null {
  for (const gateway of gateways.values()) if (gateway.payout) return gateway;
  return null;
}

type Actor = { type: 'operator' | 'system'; id: string; ip?: string | null };

/**
 * Ends a processing withdrawal with the gateway's answer, in the caller's transaction: paid posts
 * the hold to payments in transit, failed voids it back to the member's main wallet. Anything not
 * processing any more is left as it is (the answer came twice).
 */
async function settlePayoutIn(
  tx: Db,
  row: Locked,
  outcome: { status: 'paid' | 'failed'; payoutId: string; reason?: string | undefined },
  actor: Actor,
): Promise<{ row: repo.WithdrawalSummary; posted: Posted | null }> {
  if (row.status !== 'processing') return { row, posted: null };
  const paid = outcome.status === 'paid';
  const entry = paid
    ? await settleHoldIn(tx, {
        holdId: row.holdId,
        type: 'withdrawal',
        idempotencyKey: `withdrawal:${row.id}:paid`,
        memberId: row.memberId,
        reference: { withdrawalId: row.id, payoutId: outcome.payoutId },
        outcome: 'post',
        to: [{ kind: 'payments_in_transit', amount: row.amount }],
      })
    : await settleHoldIn(tx, {
        holdId: row.holdId,
        type: 'withdrawal_release',
        idempotencyKey: `withdrawal:${row.id}:release`,
        memberId: row.memberId,
        reference: { withdrawalId: row.id, payoutId: outcome.payoutId, outcome: 'failed' },
        outcome: 'void',
      });
  const updated = await repo.orders.update(tx, row.id, {
    status: paid ? 'paid' : 'failed',
    settleEntryId: entry.entryId,
    gatewayPayoutId: outcome.payoutId,
    ...(paid ? { paidAt: new Date() } : { decisionReason: outcome.reason ?? 'payout failed' }),
  });
  await appendAudit(tx, {
    merchantId: row.merchantId,
    actorType: actor.type,
    actorId: actor.id,
    action: paid ? 'withdrawal.paid' : 'withdrawal.payout_failed',
    subjectType: 'withdrawal',
    subjectId: String(row.id),
    before: { status: 'processing' },
    after: {
      status: updated.status,
      memberId: row.memberId,
      amount: formatAmount(row.amount),
      payoutId: outcome.payoutId,
      ledgerEntryId: entry.entryId,
    },
    ip: actor.ip ?? null,
  });
  return {
    row: updated,
    posted: { merchantId: row.merchantId, currency: row.currency, entry },
  };
}

/**
 * An operator approves a pending withdrawal: it becomes processing (row lock and status check, so
 * a concurrent approve or reject loses with WITHDRAWAL_NOT_PENDING), then the gateway pays it out
 * (idempotent by withdrawal id). Paid: the hold is posted and the member is asked to confirm the
 * receipt; failed: the hold is voided and the money is back; pending: the gateway's signed
 * callback ends it later. Each step is audited.
 */
export async function approveWithdrawal(
  deps: { db: Db; gateways: GatewayRegistry },
  decision: OperatorDecision,
  onLedger?: LedgerListener,
): Promise<Withdrawal> {
  const { db } = deps;
  const gateway = payoutGateway(deps.gateways);
  if (!gateway?.payout) throw new AppError('PAYOUT_UNAVAILABLE');
  const approved = await inTransaction(db, async (tx) => {
    const row = await lockPending(tx, decision);
    const updated = await repo.orders.update(tx, row.id, {
      status: 'processing',
      gatewayCode: gateway.code,
      decidedBy: decision.operatorId,
      decidedAt: new Date(),
    });
    await auditDecision(tx, row, decision, {
      action: 'withdrawal.approve',
      subjectType: 'withdrawal',
      before: { status: 'pending' },
      after: {
        status: 'processing',
        gateway: gateway.code,
        memberId: row.memberId,
        amount: formatAmount(row.amount),
        currency: row.currency,
      },
    });
    return { ...updated, merchantCode: row.merchantCode };
  });
  return payOut(db, gateway, approved, decision, onLedger);
}

/**
 * An operator asks the gateway again about a processing withdrawal whose payout call failed
 * without an answer (timeout, network): no payout id was recorded, so nobody knows whether money
 * left. Gateways take one payout per order id (the withdrawal id), so asking again either starts
 * it or answers the one the lost call started; the answer settles it as an approval would.
 */
export async function retryPayout(
  deps: { db: Db; gateways: GatewayRegistry },
  decision: OperatorDecision,
  onLedger?: LedgerListener,
): Promise<Withdrawal> {
  const { db } = deps;
  const row = await inTransaction(db, async (tx) => {
    const locked = decidable(
      await repo.orders.lock(tx, decision.merchantId, decision.withdrawalId),
      'WITHDRAWAL_NOT_RETRYABLE',
      'processing',
    );
    if (locked.gatewayPayoutId) {
      throw new AppError('WITHDRAWAL_NOT_RETRYABLE', { status: locked.status });
    }
    await auditDecision(tx, locked, decision, {
      action: 'withdrawal.retry_payout',
      subjectType: 'withdrawal',
      before: { status: 'processing' },
      after: { status: 'processing', gateway: locked.gatewayCode },
    });
    return locked;
  });
  const gateway = [...deps.gateways.values()].find((item) => item.code === row.gatewayCode);
  if (!gateway?.payout) throw new AppError('PAYOUT_UNAVAILABLE');
  return payOut(db, gateway, row, decision, onLedger);
}

/** Calls the gateway's payout for a processing withdrawal and settles it with the answer. */
async function payOut(
  db: Db,
  gateway: PaymentGateway,
  approved: repo.WithdrawalSummary & { merchantCode: string },
  decision: OperatorDecision,
  onLedger?: LedgerListener,
): Promise<Withdrawal> {
  let result: PayoutResult;
  try {
    result = await gateway.payout!({
      merchantCode: approved.merchantCode,
      orderId: String(approved.id),
      amount: approved.amount,
      currency: approved.currency,
      payee: {
        method: approved.payeeMethod,
        name: approved.payeeName,
        account: approved.payeeAccount,
        bank: approved.payeeBank,
      },
      callbackPath: callbackPathOf(gateway.code),
    });
  } catch (error) {
    // Unknown outcome: it stays processing; the gateway's callback or a retry ends it.
    throw new AppError('PAYOUT_UNAVAILABLE', { status: 'processing' }, String(error));
  }
  const actor: Actor = { type: 'operator', id: String(decision.operatorId), ip: decision.ip };
  let posted: Posted | null = null;
  const finished = await inTransaction(db, async (tx) => {
    posted = null;
    const row = await repo.orders.lock(tx, decision.merchantId, approved.id);
    if (result.status === 'pending') {
      if (row!.status !== 'processing') return row!;
      return repo.orders.update(tx, approved.id, { gatewayPayoutId: result.payoutId });
    }
    const settled = await settlePayoutIn(
      tx,
      row!,
      { status: result.status, payoutId: result.payoutId, reason: result.reason },
      actor,
    );
    posted = settled.posted;
    return settled.row;
  });
  await tell(onLedger, posted);
  return toWithdrawal(finished);
}

/** An operator rejects a pending withdrawal with a reason the member sees; the hold goes back. */
export async function rejectWithdrawal(
  db: Db,
  decision: OperatorDecision & { reason: string },
  onLedger?: LedgerListener,
): Promise<Withdrawal> {
  let posted: Posted | null = null;
  const result = await inTransaction(db, async (tx) => {
    posted = null;
    const row = await lockPending(tx, decision);
    const entry = await settleHoldIn(tx, {
      holdId: row.holdId,
      type: 'withdrawal_release',
      idempotencyKey: `withdrawal:${row.id}:release`,
      memberId: row.memberId,
      reference: { withdrawalId: row.id, outcome: 'rejected' },
      outcome: 'void',
    });
    posted = { merchantId: row.merchantId, currency: row.currency, entry };
    const updated = await repo.orders.update(tx, row.id, {
      status: 'rejected',
      settleEntryId: entry.entryId,
      decidedBy: decision.operatorId,
      decidedAt: new Date(),
      decisionReason: decision.reason,
    });
    await auditDecision(tx, row, decision, {
      action: 'withdrawal.reject',
      subjectType: 'withdrawal',
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        reason: decision.reason,
        memberId: row.memberId,
        amount: formatAmount(row.amount),
        currency: row.currency,
        ledgerEntryId: entry.entryId,
      },
    });
    return updated;
  });
  await tell(onLedger, posted);
  return toWithdrawal(result);
}

/** A withdrawal waits processing for its payout, which pays or fails it. */
const GATEWAY_STATES = {
  open: 'processing',
  paid: 'paid',
  failed: 'failed',
  stale: 'not_processing',
} as const;

export type PayoutVerdict =
  | 'paid'
  | 'failed'
  | 'duplicate'
  | 'unknown_payout'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'not_processing';

/**
 * A verified gateway callback about a payout (kind payout): it ends the processing withdrawal it
 * names (order id, merchant, gateway, and the payout id once known) exactly once.
 */
export async function settlePayoutCallback(
  db: Db,
  gatewayCode: string,
  event: CallbackEvent,
  onLedger?: LedgerListener,
): Promise<{ verdict: PayoutVerdict; merchantId: number | null }> {
  let posted: Posted | null = null;
  type Settled = { verdict: PayoutVerdict; merchantId: number | null };
  const id = /^\d{1,15}$/.test(event.orderId) ? Number(event.orderId) : null;
  const result = await inTransaction(db, async (tx): Promise<Settled> => {
    posted = null;
    const row = id === null ? null : await repo.orders.lock(tx, null, id);
    if (
      !row ||
      row.merchantCode !== event.merchantCode ||
      row.gatewayCode !== gatewayCode ||
      (row.gatewayPayoutId !== null && row.gatewayPayoutId !== event.paymentId)
    ) {
      return { verdict: 'unknown_payout', merchantId: null };
    }
    const about = { merchantId: row.merchantId };
    const refused = gatewayVerdict(row, event, GATEWAY_STATES);
    if (refused) return { verdict: refused, ...about };
    const settled = await settlePayoutIn(
      tx,
      row,
      { status: event.status, payoutId: event.paymentId, reason: 'payout failed at the gateway' },
      { type: 'system', id: `gateway:${gatewayCode}` },
    );
    posted = settled.posted;
    return { verdict: event.status, ...about };
  });
  await tell(onLedger, posted);
  return result;
}

/** The operators' queue of a merchant's withdrawals, oldest first. */
export async function withdrawalQueue(
  db: Db,
  merchantId: number,
  query: { page: number; size: number; status?: WithdrawalStatus | undefined },
): Promise<{ items: AdminWithdrawal[]; page: number; size: number; total: number }> {
  return pageOf(query, await repo.orders.pageQueue(db, merchantId, query), (row) => ({
    ...toWithdrawal(row),
    memberId: row.memberId,
    username: row.username,
    receiptNote: row.receiptNote,
    hasProof: row.hasProof,
    decidedBy: row.decidedBy,
    gatewayCode: row.gatewayCode,
    gatewayPayoutId: row.gatewayPayoutId,
  }));
}

/** The member's proof image of a withdrawal of this merchant; NOT_FOUND when there is none. */
export async function withdrawalProof(
  db: Db,
  merchantId: number,
  id: number,
): Promise<{ bytes: Buffer; contentType: string }> {
  return imageOrNotFound(await repo.orders.imageOf(db, merchantId, id));
}
