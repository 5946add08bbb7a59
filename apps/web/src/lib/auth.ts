import type { LoginResult } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from './api-client';
import { queryClient } from './query-client';
import { endSession, startSession, useSession } from './session';

const MEMBER_QUERIES = 'member';

/** Every query about the signed-in account starts with this key; a new login gets new keys. */
export function memberQueryKey(token: string) {
  return [MEMBER_QUERIES, token] as const;
}

export function getMemberInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...memberQueryKey(token), 'info'],
    queryFn: ({ signal }) => apiGet('/wps/member/info', 'MemberInfo', { signal }),
  });
}

/** GET /wps/member/info for the signed-in account (trial, member or agent). */
export function useMemberInfo() {
  const session = useSession();
  return useQuery({
    ...getMemberInfoQueryOptions(session?.token ?? ''),
    enabled: session !== null,
  });
}

// The password of a login that must change it at once, so the forced change does not ask for it
// again. Only ever in memory, and only until that change (ARCHITECTURE.md: never stored).
let passwordToChange: string | null = null;

/** The password the forced change may use as the old one, if this tab still knows it. */
export function knownPasswordToChange(): string | null {
  return passwordToChange;
}

export function forgetPasswordToChange(): void {
  passwordToChange = null;
}

/** Saves the session a login, registration, reset or free play answered, with its member info. */
export function signIn(result: LoginResult, password?: string): void {
  passwordToChange = result.passwordExpired && password ? password : null;
  queryClient.setQueryData(getMemberInfoQueryOptions(result.token).queryKey, result.user);
  startSession(result);
}

/** DELETE /wps/session/logout, then the session values go whatever the server answered. */
export async function signOut(): Promise<void> {
  try {
    await apiSend('DELETE', '/wps/session/logout', null);
  } finally {
    passwordToChange = null;
    endSession();
    queryClient.removeQueries({ queryKey: [MEMBER_QUERIES] });
  }
}

/** Free play (SPEC section 4): a new trial account, logged in at once. */
export async function startFreePlay(): Promise<void> {
  const result = await apiSend('POST', '/wps/session/login/freeplay', 'LoginResult', {
    body: { termsAccepted: true },
  });
  signIn(result);
}
