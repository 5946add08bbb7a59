import type { MemberInfo, UpdateMemberInfo } from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { getMemberInfoQueryOptions, memberQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** The security centre's queries: all about the signed-in account (`memberQueryKey`). */
export const securityKeys = {
  all: (token: string) => memberQueryKey(token),
  info: (token: string) => getMemberInfoQueryOptions(token).queryKey,
  loginHistory: (token: string) => [...securityKeys.all(token), 'login-history'] as const,
};

/** Keeps the member info every screen reads up to date with what an update answered. */
function remember(token: string, info: MemberInfo): MemberInfo {
  queryClient.setQueryData(getMemberInfoQueryOptions(token).queryKey, info);
  return info;
}

/** POST /wps/member/info: nickname any time; email, real name and birthday only once. */
export async function updateMemberInfo(token: string, change: UpdateMemberInfo) {
  return remember(token, await apiSend('POST', '/wps/member/info', 'MemberInfo', { body: change }));
}

/** Saves one detail; the member info every screen reads shows it at once. */
export function useUpdateMemberInfo(token: string) {
  return useMutation({ mutationFn: (change: UpdateMemberInfo) => updateMemberInfo(token, change) });
}

/** POST /wps/member/info/icon: one of the twelve avatars. */
export async function chooseAvatar(token: string, icon: string) {
  return remember(
    token,
    await apiSend('POST', '/wps/member/info/icon', 'MemberInfo', { body: { icon } }),
  );
}

export type PaymentPasswordChange = {
  loginPassword: string;
  paymentPassword: string;
  confirmPaymentPassword: string;
};

/** POST /wps/member/paymentPassword: the 6-digit password of withdrawals and transfers. */
export async function setPaymentPassword(change: PaymentPasswordChange) {
  await apiSend('POST', '/wps/member/paymentPassword', null, { body: change });
}

/** Sets the payment password, then asks again for the member info (it says one is set). */
export function useSetPaymentPassword(token: string) {
  return useMutation({
    mutationFn: setPaymentPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.info(token) }),
  });
}

/** POST /wps/member/authenticator/setup: a new secret for an authenticator app to scan. */
export async function startAuthenticatorSetup(password: string) {
  return apiSend('POST', '/wps/member/authenticator/setup', 'AuthenticatorSetup', {
    body: { password },
  });
}

/** POST /wps/member/authenticator: links the app with a code it shows. */
export async function bindAuthenticator(token: string, code: string) {
  return remember(
    token,
    await apiSend('POST', '/wps/member/authenticator', 'MemberInfo', { body: { code } }),
  );
}

/** POST /wps/member/authenticator/unbind: unlinks the app with a current code from it. */
export async function unbindAuthenticator(token: string, code: string) {
  return remember(
    token,
    await apiSend('POST', '/wps/member/authenticator/unbind', 'MemberInfo', { body: { code } }),
  );
}

/** Starts linking an app: the login password proves who asks; answers the secret. */
export function useStartAuthenticatorSetup() {
  return useMutation({ mutationFn: startAuthenticatorSetup });
}

/** Links (`bind`) or unlinks the app with a current code; the member info shows it at once. */
export function useAuthenticatorCode(token: string, action: 'bind' | 'unbind') {
  return useMutation({
    mutationFn: (code: string) =>
      action === 'bind' ? bindAuthenticator(token, code) : unbindAuthenticator(token, code),
  });
}

export type SelfExclusionPeriod = '6M' | '1Y' | '5Y';

/** POST /wps/member/selfExclusion: the account closes for the period; every session ends. */
export async function excludeSelf(period: SelfExclusionPeriod, password: string): Promise<void> {
  await apiSend('POST', '/wps/member/selfExclusion', null, { body: { period, password } });
}

/** Closes the account for the period; the caller ends this tab's session. */
export function useExcludeSelf() {
  return useMutation({
    mutationFn: ({ period, password }: { period: SelfExclusionPeriod; password: string }) =>
      excludeSelf(period, password),
  });
}

/** GET /wps/member/loginHistory: the last 20 login attempts, newest first. */
export function getLoginHistoryQueryOptions(token: string) {
  return queryOptions({
    queryKey: securityKeys.loginHistory(token),
    queryFn: ({ signal }) => apiGet('/wps/member/loginHistory', ['LoginHistoryEntry'], { signal }),
  });
}
