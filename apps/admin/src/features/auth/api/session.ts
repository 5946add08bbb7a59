import {
  OperatorInfo,
  OperatorLoginResult,
  OperatorSessionResult,
  type OperatorLoginRequest,
  type OperatorTotpConfirmRequest,
} from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { adminGet, adminSend, NO_VALUE } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';
import { chooseScopeMerchant, endSession, readScopeMerchant, startSession } from '@/lib/session';

export const sessionKeys = { me: [...queryRoots.session, 'me'] as const };

/** GET /admin/api/session/me: who is signed in, their permissions and the merchant in scope. */
export function getMeQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => adminGet('/session/me', OperatorInfo, { signal }),
    staleTime: 60_000,
  });
}

function opened(result: OperatorSessionResult): void {
  // Nothing cached for the previous operator may show for this one.
  queryClient.clear();
  startSession(result.token);
  queryClient.setQueryData(sessionKeys.me, result.operator);
}

/**
 * Password with the TOTP code once enrolled, or with the one-time enrolment code at the first
 * sign-in; opens the session when the answer says so.
 */
export async function login(request: OperatorLoginRequest): Promise<OperatorLoginResult> {
  const result = await adminSend('POST', '/session/login', OperatorLoginResult, request);
  if (result.step === 'session') opened(result);
  return result;
}

/** Confirms the TOTP enrolment with the first code from the app and opens the session. */
export async function confirmTotp(request: OperatorTotpConfirmRequest): Promise<void> {
  opened(await adminSend('POST', '/session/totp', OperatorSessionResult, request));
}

/** The sign-in's steps: password (with the code when asked), then a TOTP enrolment's code. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function useConfirmTotp() {
  return useMutation({ mutationFn: confirmTotp });
}

/** Ends the session on the server, then here, whatever the server answered. */
export async function logout(): Promise<void> {
  try {
    await adminSend('DELETE', '/session', NO_VALUE);
  } finally {
    endSession();
    queryClient.clear();
  }
}

/**
 * A platform super-operator switches the merchant it works on: the server checks the code (an
 * unknown one is UNKNOWN_MERCHANT and nothing changes here), then every cached list goes.
 */
export async function switchMerchant(code: string | null): Promise<OperatorInfo> {
  const previous = readScopeMerchant();
  chooseScopeMerchant(code);
  try {
    const me = await adminGet('/session/me', OperatorInfo);
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.me, me);
    return me;
  } catch (error) {
    chooseScopeMerchant(previous);
    throw error;
  }
}
