import type { BgsClientSeedRequest, BgsSpinRequest } from '@app/shared';
import { parseAmount } from '@app/shared/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { walletKeys } from '@/lib/wallet-balance';
import type { RoundCheck, RoundProof } from '../verify-round';

/** Query keys of the slot page. */
export const bgsKeys = {
  game: ['bgs', 'game'] as const,
  seeds: ['bgs', 'seeds'] as const,
  rounds: (page: number) => ['bgs', 'rounds', page] as const,
  allRounds: ['bgs', 'rounds'] as const,
};

/** How many rounds a page of the history shows. */
export const ROUNDS_PAGE_SIZE = 10;

/** GET /wps/bgs/game: bet levels, reels, paylines, paytable, stated RTP (public). */
export function getGameQueryOptions() {
  return queryOptions({
    queryKey: bgsKeys.game,
    queryFn: ({ signal }) => apiGet('/wps/bgs/game', 'BgsGame', { signal }),
    staleTime: Infinity,
  });
}

/** GET /wps/bgs/seeds: the committed server seed hash, client seed and next nonce. */
export function getSeedsQueryOptions() {
  return queryOptions({
    queryKey: bgsKeys.seeds,
    queryFn: ({ signal }) => apiGet('/wps/bgs/seeds', 'BgsSeeds', { signal }),
  });
}

/** GET /wps/bgs/rounds: the member's rounds with proofs, newest first. */
export function getRoundsQueryOptions(page: number) {
  return queryOptions({
    queryKey: bgsKeys.rounds(page),
    queryFn: ({ signal }) =>
      apiGet('/wps/bgs/rounds', 'BgsRoundPage', {
        query: { page: String(page), size: String(ROUNDS_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /wps/bgs/spin, idempotent by clientRequestId. The header balance follows the socket's
 * push; the answer's balance is written too, so it is right even without the socket.
 */
export async function spin(request: BgsSpinRequest) {
  const result = await apiSend('POST', '/wps/bgs/spin', 'BgsSpinResult', { body: request });
  queryClient.setQueryData(walletKeys.balance, (old) =>
    old ? { ...old, balance: result.balance } : old,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: bgsKeys.seeds }),
    queryClient.invalidateQueries({ queryKey: bgsKeys.allRounds }),
  ]);
  return result;
}

export async function setClientSeed(request: BgsClientSeedRequest) {
  const seeds = await apiSend('PUT', '/wps/bgs/seeds/client', 'BgsSeeds', { body: request });
  queryClient.setQueryData(bgsKeys.seeds, seeds);
  return seeds;
}

/** Reveals the active server seed (its rounds become verifiable) and commits to a new one. */
export async function rotateSeeds() {
  const rotation = await apiSend('POST', '/wps/bgs/seeds/rotate', 'BgsRotation');
  queryClient.setQueryData(bgsKeys.seeds, rotation.current);
  await queryClient.invalidateQueries({ queryKey: bgsKeys.allRounds });
  return rotation;
}

/**
 * POST /wps/bgs/verify: the server's recomputation of a revealed round, for browsers without
 * WebCrypto (pages served over plain http on another host than localhost).
 */
export async function verifyOnServer(proof: RoundProof): Promise<RoundCheck> {
  const outcome = await apiSend('POST', '/wps/bgs/verify', 'BgsOutcome', {
    body: {
      serverSeed: proof.serverSeed,
      clientSeed: proof.clientSeed,
      nonce: proof.nonce,
      bet: proof.bet,
    },
  });
  return {
    hashMatches: outcome.serverSeedHash === proof.serverSeedHash,
    stopsMatch: outcome.stops.join() === proof.stops.join(),
    winMatches: outcome.win === proof.win,
    stops: outcome.stops,
    win: parseAmount(outcome.win) ?? 0n,
  };
}
