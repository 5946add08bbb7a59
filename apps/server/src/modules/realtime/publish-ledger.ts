import type { EntryResult } from '../ledger/index.js';
import type { Realtime } from './realtime.service.js';

/**
 * Pushes the new main-wallet balance of every member a committed ledger entry touched. Call it
 * after the transaction commits (never inside it: a rolled-back entry must not be announced).
 * A replayed entry publishes nothing: it moved nothing, and the balances it recorded then may be
 * older than the member's current one. Never throws (see Realtime).
 */
export async function publishLedgerResult(
  realtime: Pick<Realtime, 'publishBalance'>,
  merchantId: number,
  currency: string,
  result: Pick<EntryResult, 'lines' | 'replayed'>,
): Promise<void> {
  if (result.replayed) return;
  const latest = new Map<number, bigint>();
  for (const line of result.lines) {
    if (line.kind === 'member_main' && line.memberId !== null) {
      latest.set(line.memberId, line.balanceAfter);
    }
  }
  await Promise.all(
    [...latest].map(([memberId, balance]) =>
      realtime.publishBalance(merchantId, memberId, balance, currency),
    ),
  );
}

/** publishLedgerResult on this realtime service, in the shape the money services call back. */
export function ledgerPublisher(realtime: Pick<Realtime, 'publishBalance'>) {
  return (merchantId: number, currency: string, result: Pick<EntryResult, 'lines' | 'replayed'>) =>
    publishLedgerResult(realtime, merchantId, currency, result);
}
