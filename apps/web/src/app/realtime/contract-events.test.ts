import type { ContractView, RealtimeContract } from '@app/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyRealtimeEvent } from './realtime-connection';
import { contractKeys } from '@/features/agent/contracts/api/contract-keys';
import {
  asksForAnswer,
  clearContractEvents,
  contractEvents,
  dismissContractEvent,
  pushContractEvent,
  pushWaitingContract,
  stillAnswerable,
} from '@/features/agent/contracts/contract-events';

describe('contract popup queue', () => {
  const offer: RealtimeContract = {
    type: 'contract',
    action: 'offered',
    contractId: 3,
    contractType: 'dividend',
    counterparty: 'boss',
  };

  it('shows an event once, and a waiting request already dismissed not again', () => {
    clearContractEvents();
    pushContractEvent(offer);
    pushContractEvent({ ...offer });
    expect(contractEvents.get()).toHaveLength(1);
    dismissContractEvent(contractEvents.get()[0]!);
    expect(contractEvents.get()).toEqual([]);
    pushWaitingContract({ ...offer, counterparty: null });
    expect(contractEvents.get()).toEqual([]);
    // A new live event about it (e.g. offered again) does show.
    pushContractEvent(offer);
    expect(contractEvents.get()).toEqual([offer]);
    clearContractEvents();
  });
});

describe('contract event from the live socket', () => {
  it('queues the popup and reloads the contract screens', () => {
    clearContractEvents();
    const queryClient = new QueryClient();
    const listKey = contractKeys.list({ side: 'received', type: 'dividend' });
    queryClient.setQueryData(listKey, { content: [] });
    const event: RealtimeContract = {
      type: 'contract',
      action: 'termination_requested',
      contractId: 8,
      contractType: 'daily_salary',
      counterparty: 'sub',
    };
    applyRealtimeEvent(queryClient, event, 'ana');
    expect(contractEvents.get()).toEqual([event]);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    clearContractEvents();
  });
});

describe('what the popup offers to answer', () => {
  const offered: RealtimeContract = {
    type: 'contract',
    action: 'offered',
    contractId: 5,
    contractType: 'hourly_salary',
    counterparty: 'boss',
  };
  const contract = (over: Partial<ContractView>) =>
    ({ status: 'offered', side: 'downline', pendingRequest: null, ...over }) as ContractView;

  it('asks for an answer to offers and termination requests only', () => {
    expect(asksForAnswer(offered)).toBe(true);
    expect(asksForAnswer({ ...offered, action: 'termination_requested' })).toBe(true);
    expect(asksForAnswer({ ...offered, action: 'accepted' })).toBe(false);
  });

  it('keeps the buttons only while the request still waits for this agent', () => {
    expect(stillAnswerable(offered, contract({}))).toBe(true);
    expect(stillAnswerable(offered, contract({ status: 'active' }))).toBe(false);
    expect(stillAnswerable(offered, contract({ side: 'upline' }))).toBe(false);
    const termination = { ...offered, action: 'termination_requested' as const };
    const pending = (requestedBy: 'me' | 'other') => ({
      id: 1,
      type: 'termination' as const,
      requestedBy,
      createdAt: '2026-11-25T00:00:00Z',
    });
    expect(
      stillAnswerable(
        termination,
        contract({ status: 'active', pendingRequest: pending('other') }),
      ),
    ).toBe(true);
    expect(
      stillAnswerable(termination, contract({ status: 'active', pendingRequest: pending('me') })),
    ).toBe(false);
  });
});
