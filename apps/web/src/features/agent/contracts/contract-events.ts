import type { ContractView, RealtimeContract } from '@app/shared';
import { createStore } from '@app/client';

/**
 * Contract events for the popup, oldest first: pushed by the live socket (an offer, a decision
 * of the other side) and by the check of offers waiting at login. One contract is shown once.
 */
const queue = createStore<readonly RealtimeContract[]>([]);

/** Contract ids (with action) already shown or dismissed in this page load. */
const seen = new Set<string>();
const seenKey = (event: RealtimeContract) => `${event.contractId}:${event.action}`;

export function pushContractEvent(event: RealtimeContract): void {
  const key = seenKey(event);
  if (queue.get().some((queued) => seenKey(queued) === key)) return;
  // A new live event about a contract shown before is news; a repeated login check is not.
  seen.delete(key);
  queue.set([...queue.get(), event]);
}

/** Queues a waiting request found by a check (not live): skipped when already shown. */
export function pushWaitingContract(event: RealtimeContract): void {
  if (seen.has(seenKey(event))) return;
  pushContractEvent(event);
}

/** The popup was answered or closed: the next event, if any, shows. */
export function dismissContractEvent(event: RealtimeContract): void {
  seen.add(seenKey(event));
  queue.set(queue.get().filter((queued) => queued !== event));
}

export function clearContractEvents(): void {
  queue.set([]);
}

export const useContractEvents = queue.use;
export const contractEvents = queue;

/** Whether the event asks the agent something (an offer, a termination request). */
export function asksForAnswer(event: RealtimeContract): boolean {
  return event.action === 'offered' || event.action === 'termination_requested';
}

/** Whether the contract still waits for the caller's answer to what the event asked. */
export function stillAnswerable(event: RealtimeContract, contract: ContractView): boolean {
  if (event.action === 'offered') {
    return contract.status === 'offered' && contract.side === 'downline';
  }
  if (event.action === 'termination_requested') {
    return (
      contract.status === 'active' &&
      contract.pendingRequest?.type === 'termination' &&
      contract.pendingRequest.requestedBy !== 'me'
    );
  }
  return false;
}
