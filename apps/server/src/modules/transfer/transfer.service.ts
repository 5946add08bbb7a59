import {
  dayStart,
  formatAmount,
  maskUsername,
  parseAmount,
  type DownlineTransferInfo,
  type DownlineTransferRequest,
  type MemberTransferResult,
  type TransferLimits,
  type UplineTransferInfo,
  type UplineTransferRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { inTransaction } from '../../lib/transaction.js';
import { appendAudit } from '../audit/index.js';
import type { MemberRow } from '../auth/index.js';
import {
  findEntryByKey,
  mainBalance,
  postEntryIn,
  type EntryResult,
  lockSender,
  sentFromMainSince,
} from '../ledger/index.js';
import type { Merchant } from '../merchant/index.js';
import { checkPaymentPassword } from '../member/index.js';
import { directUpline, findInDownline } from '../team/index.js';
import { getMoneySettings, type MoneySettings } from '../wallet/index.js';

/**
 * Transfers between members of one agent tree (SPEC section 6): an agent to an account of their
 * own downline (any depth), any real account to its direct upline. Both need the payment
 * password, stay within the merchant's per-transfer and per-day limits, and are idempotent by
 * the client's request id.
 */

export type TransferKind = 'agent_transfer' | 'upline_transfer';

export type TransferDeps = { db: Db; limiter: RateLimiter };

type Caller = { merchant: Merchant; member: MemberRow; ip?: string };

const AUDIT_ACTION: Record<TransferKind, string> = {
  agent_transfer: 'transfer.downline',
  upline_transfer: 'transfer.upline',
};

export function displayName(member: Pick<MemberRow, 'nickname' | 'username'>): string {
  return member.nickname?.trim() || maskUsername(member.username);
}

function checkAmount(amount: bigint, settings: MoneySettings): void {
  if (amount < settings.transferMinAmount || amount > settings.transferMaxAmount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', {
      min: formatAmount(settings.transferMinAmount),
      max: formatAmount(settings.transferMaxAmount),
    });
  }
}

async function limitsOf(
  db: Db,
  merchant: Merchant,
  memberId: number,
  kind: TransferKind,
  settings: MoneySettings,
): Promise<TransferLimits> {
  const sent = await sentFromMainSince(db, {
    merchantId: merchant.id,
    currency: merchant.currency,
    memberId,
    type: kind,
    since: dayStart(new Date(), merchant.timeZone),
  });
  const remaining = settings.transferDailyAmount - sent;
  return {
    minAmount: formatAmount(settings.transferMinAmount),
    maxAmount: formatAmount(settings.transferMaxAmount),
    dailyAmount: formatAmount(settings.transferDailyAmount),
    remainingToday: formatAmount(remaining > 0n ? remaining : 0n),
  };
}

/**
 * Moves `amount` from the sender's main wallet to the receiver's in one transaction. The sender's
 * row is locked first, so their transfers run one at a time and today's total is counted exactly;
 * the ledger then locks both wallets in its fixed order (no deadlock between opposite transfers).
 */
async function moveBetweenMembers(
  db: Db,
  input: {
    merchant: Merchant;
    kind: TransferKind;
    from: MemberRow;
    to: MemberRow;
    amount: bigint;
    clientRequestId: string;
    settings: MoneySettings;
    ip: string | null;
  },
): Promise<EntryResult> {
  const { merchant, kind, from, to, amount, settings } = input;
  const idempotencyKey = `${kind}:${from.id}:${input.clientRequestId}`;
  return inTransaction(db, async (tx) => {
    await lockSender(tx, from.id);
    // A repeated request is answered by the ledger (original result or DUPLICATE_TRANSACTION)
    // without counting it against today's limit a second time.
    if (!(await findEntryByKey(tx, merchant.id, idempotencyKey))) {
      const sent = await sentFromMainSince(tx, {
        merchantId: merchant.id,
        currency: merchant.currency,
        memberId: from.id,
        type: kind,
        since: dayStart(new Date(), merchant.timeZone),
      });
      if (sent + amount > settings.transferDailyAmount) {
        const remaining = settings.transferDailyAmount - sent;
        throw new AppError('DAILY_LIMIT_EXCEEDED', {
          remaining: formatAmount(remaining > 0n ? remaining : 0n),
        });
      }
    }
    const entry = await postEntryIn(tx, {
      merchantId: merchant.id,
      currency: merchant.currency,
      type: kind,
      idempotencyKey,
      memberId: from.id,
      reference: { fromUsername: from.username, toUsername: to.username, toMemberId: to.id },
      postings: [
        { account: { kind: 'member_main', memberId: from.id }, amount: -amount },
        { account: { kind: 'member_main', memberId: to.id }, amount },
      ],
    });
    // Every money action is audited (issue 18): the sender, the receiver, the amount and the
    // ledger entry, in the entry's transaction. A replayed request moved nothing: no entry.
    if (!entry.replayed) {
      await appendAudit(tx, {
        merchantId: merchant.id,
        actorType: 'member',
        actorId: String(from.id),
        action: AUDIT_ACTION[kind],
        subjectType: 'member',
        subjectId: String(to.id),
        before: null,
        after: {
          fromMemberId: from.id,
          fromUsername: from.username,
          toMemberId: to.id,
          toUsername: to.username,
          amount: formatAmount(amount),
          currency: merchant.currency,
          ledgerEntryId: entry.entryId,
          idempotencyKey,
        },
        ip: input.ip,
      });
    }
    return entry;
  });
}

function resultOf(entry: EntryResult, from: MemberRow, to: MemberRow): MemberTransferResult {
  const sender = entry.lines.find((line) => line.memberId === from.id)!;
  return {
    transactionId: String(entry.entryId),
    amount: formatAmount(-sender.amount),
    toDisplayName: displayName(to),
    balance: formatAmount(sender.balanceAfter),
    time: entry.createdAt.toISOString(),
  };
}

export async function transferToDownline(
  deps: TransferDeps,
  { merchant, member, ip }: Caller,
  request: DownlineTransferRequest,
): Promise<{ result: MemberTransferResult; entry: EntryResult }> {
  const amount = parseAmount(request.amount)!;
  const settings = await getMoneySettings(deps.db, merchant.id);
  checkAmount(amount, settings);
  await checkPaymentPassword(deps.limiter, member, request.paymentPassword);
  const found = await findInDownline(deps.db, merchant.id, member.id, request.username);
  if (!found) throw new AppError('DOWNLINE_NOT_FOUND');
  const entry = await moveBetweenMembers(deps.db, {
    merchant,
    kind: 'agent_transfer',
    from: member,
    to: found.member,
    amount,
    clientRequestId: request.clientRequestId,
    settings,
    ip: ip ?? null,
  });
  return { result: resultOf(entry, member, found.member), entry };
}

export async function transferToUpline(
  deps: TransferDeps,
  { merchant, member, ip }: Caller,
  request: UplineTransferRequest,
): Promise<{ result: MemberTransferResult; entry: EntryResult }> {
  const amount = parseAmount(request.amount)!;
  const upline = await directUpline(deps.db, member.id);
  if (!upline) throw new AppError('NO_UPLINE');
  const settings = await getMoneySettings(deps.db, merchant.id);
  checkAmount(amount, settings);
  await checkPaymentPassword(deps.limiter, member, request.paymentPassword);
  const entry = await moveBetweenMembers(deps.db, {
    merchant,
    kind: 'upline_transfer',
    from: member,
    to: upline,
    amount,
    clientRequestId: request.clientRequestId,
    settings,
    ip: ip ?? null,
  });
  return { result: resultOf(entry, member, upline), entry };
}

async function walletPart(db: Db, { merchant, member }: Caller) {
  return {
    hasPaymentPassword: member.paymentPasswordHash !== null,
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    balance: formatAmount(await mainBalance(db, merchant.id, member.id, merchant.currency)),
  };
}

export async function uplineTransferInfo(db: Db, caller: Caller): Promise<UplineTransferInfo> {
  const [upline, settings] = await Promise.all([
    directUpline(db, caller.member.id),
    getMoneySettings(db, caller.merchant.id),
  ]);
  return {
    upline: upline ? { displayName: displayName(upline) } : null,
    ...(await walletPart(db, caller)),
    limits: await limitsOf(db, caller.merchant, caller.member.id, 'upline_transfer', settings),
  };
}

export async function downlineTransferInfo(db: Db, caller: Caller): Promise<DownlineTransferInfo> {
  const settings = await getMoneySettings(db, caller.merchant.id);
  return {
    ...(await walletPart(db, caller)),
    limits: await limitsOf(db, caller.merchant, caller.member.id, 'agent_transfer', settings),
  };
}
