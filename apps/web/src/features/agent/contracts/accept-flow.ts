import type { ContractAcceptResult, ContractEndView } from '@app/shared';
import type { ApiError } from '@app/client';

export type AcceptOutcome =
  | { kind: 'accepted'; result: ContractAcceptResult }
  | { kind: 'cancelled'; ends: ContractEndView[] };

type AcceptDeps = {
  accept: (confirmEnds: boolean) => Promise<ContractAcceptResult>;
  /** Shows the downline contracts accepting would end; resolves true to go on. */
  confirmEnds: (ends: ContractEndView[]) => Promise<boolean>;
};

/** The `value.ends` of a CONTRACT_CONFLICT answer, or null for any other failure. */
export function conflictEnds(error: unknown): ContractEndView[] | null {
  // Read by shape, not `instanceof`: this module stays free of the API client (tests, the socket).
  const failure = error as Partial<ApiError> | null;
  if (typeof failure !== 'object' || failure?.code !== 'CONTRACT_CONFLICT') return null;
  const ends = failure.value?.ends;
  if (!Array.isArray(ends)) return [];
  return ends.filter(
    (end): end is ContractEndView =>
      typeof end === 'object' &&
      end !== null &&
      typeof (end as ContractEndView).username === 'string' &&
      typeof (end as ContractEndView).contractId === 'number',
  );
}

/**
 * Accepting an offer: the first call never ends anything; when the server answers that it would
 * end downline contracts (CONTRACT_CONFLICT), the agent sees them and only a confirmation sends
 * the call again with `confirmEnds`. Other failures are thrown to the caller.
 */
export async function acceptWithConfirmation(deps: AcceptDeps): Promise<AcceptOutcome> {
  try {
    return { kind: 'accepted', result: await deps.accept(false) };
  } catch (error) {
    const ends = conflictEnds(error);
    if (ends === null) throw error;
    if (!(await deps.confirmEnds(ends))) return { kind: 'cancelled', ends };
    return { kind: 'accepted', result: await deps.accept(true) };
  }
}
