import type { Deposit, DepositStatus } from '@app/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  getDepositQueryOptions,
  getDepositsQueryOptions,
  HISTORY_POLL_MS,
  POLL_EVERY_MS,
  POLL_FOR_MS,
} from './deposit';

// The options are what is tested; nothing is fetched (and the client needs a browser).
vi.mock('@/lib/api-client', () => ({ apiGet: vi.fn(), apiSend: vi.fn() }));

// When the live socket is down the deposit page still sees a credit: it keeps asking while a
// deposit it shows waits, and asks again when the member comes back to the tab.

type Options = {
  queryKey: readonly unknown[];
  refetchInterval?: unknown;
  refetchOnWindowFocus?: unknown;
};

/** What the options decide for the query holding `data` (interval, focus). */
function decide(options: Options, data: unknown) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(options.queryKey, data);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true })!;
  const run = (value: unknown) =>
    typeof value === 'function' ? (value as (q: typeof query) => unknown)(query) : value;
  return { interval: run(options.refetchInterval), focus: run(options.refetchOnWindowFocus) };
}

const deposit = (id: number, status: DepositStatus) => ({ id, status }) as Deposit;

describe('the deposit shown after a submit or the gateway', () => {
  it('is asked every 2 s for a minute while it waits, then every 15 s and on focus', () => {
    const justNow = Date.now();
    expect(decide(getDepositQueryOptions(1, justNow), deposit(1, 'pending'))).toEqual({
      interval: POLL_EVERY_MS,
      focus: 'always',
    });
    const longAgo = Date.now() - POLL_FOR_MS - 1;
    expect(decide(getDepositQueryOptions(1, longAgo), deposit(1, 'pending'))).toEqual({
      interval: HISTORY_POLL_MS,
      focus: 'always',
    });
    expect(decide(getDepositQueryOptions(1, longAgo), deposit(1, 'approved')).interval).toBe(
      HISTORY_POLL_MS,
    );
  });

  it('is left alone once it is decided', () => {
    for (const status of ['credited', 'rejected', 'failed'] as const) {
      expect(decide(getDepositQueryOptions(1, Date.now()), deposit(1, status))).toEqual({
        interval: false,
        focus: false,
      });
    }
  });
});

describe('the deposit history', () => {
  const page = (...items: Deposit[]) => ({ items, page: 1, size: 10, total: items.length });

  it('is asked again every 15 s and on focus while one of its deposits waits', () => {
    expect(
      decide(getDepositsQueryOptions(1), page(deposit(2, 'credited'), deposit(1, 'pending'))),
    ).toEqual({ interval: HISTORY_POLL_MS, focus: 'always' });
  });

  it('is left alone when every deposit in it is decided', () => {
    expect(
      decide(getDepositsQueryOptions(1), page(deposit(2, 'credited'), deposit(1, 'rejected'))),
    ).toEqual({ interval: false, focus: false });
  });
});
