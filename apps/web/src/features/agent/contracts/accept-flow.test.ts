import type { ContractAcceptResult, ContractEndView } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { acceptWithConfirmation, conflictEnds } from './accept-flow';

const ends: ContractEndView[] = [
  { contractId: 9, username: 'sub1', reason: 'upline_rate_lowered' },
];
const conflict = Object.assign(new Error('conflict'), {
  code: 'CONTRACT_CONFLICT',
  value: { ends },
});
const result = { contract: { id: 4 }, ended: ends } as unknown as ContractAcceptResult;

describe('accepting a contract offer', () => {
  it('accepts without ending anything when the server sees no conflict', async () => {
    const accept = vi.fn().mockResolvedValue(result);
    const confirmEnds = vi.fn();
    const outcome = await acceptWithConfirmation({ accept, confirmEnds });
    expect(outcome).toEqual({ kind: 'accepted', result });
    expect(accept).toHaveBeenCalledExactlyOnceWith(false);
    expect(confirmEnds).not.toHaveBeenCalled();
  });

  it('shows the downline contracts that would end and sends confirmEnds only after yes', async () => {
    const accept = vi.fn().mockRejectedValueOnce(conflict).mockResolvedValueOnce(result);
    const confirmEnds = vi.fn().mockResolvedValue(true);
    const outcome = await acceptWithConfirmation({ accept, confirmEnds });
    expect(confirmEnds).toHaveBeenCalledWith(ends);
    expect(accept.mock.calls).toEqual([[false], [true]]);
    expect(outcome.kind).toBe('accepted');
  });

  it('changes nothing when the agent declines to end them', async () => {
    const accept = vi.fn().mockRejectedValueOnce(conflict);
    const outcome = await acceptWithConfirmation({
      accept,
      confirmEnds: () => Promise.resolve(false),
    });
    expect(outcome).toEqual({ kind: 'cancelled', ends });
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it('passes any other failure on', async () => {
    const failure = Object.assign(new Error('x'), { code: 'CONTRACT_NOT_PENDING', value: {} });
    await expect(
      acceptWithConfirmation({ accept: () => Promise.reject(failure), confirmEnds: vi.fn() }),
    ).rejects.toBe(failure);
    expect(conflictEnds(failure)).toBeNull();
    expect(conflictEnds(null)).toBeNull();
  });
});
