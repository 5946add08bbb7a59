import type { LoginResult, RegisterRequest } from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

export type RegisterMode = 'username' | 'mobile';

const REGISTER_PATHS: Record<RegisterMode, string> = {
  username: '/wps/member/register',
  mobile: '/wps/member/register/mobile',
};

/** PUT /wps/member/register or /register/mobile (encrypted); with `login` the member is in. */
export function registerMember(mode: RegisterMode, request: RegisterRequest): Promise<LoginResult> {
  return apiSend('PUT', REGISTER_PATHS[mode], 'LoginResult', { body: request, encrypted: true });
}

/** Registers a member in `mode`; with `login` the answer is the new session. */
export function useRegisterMember() {
  return useMutation({
    mutationFn: ({ mode, request }: { mode: RegisterMode; request: RegisterRequest }) =>
      registerMember(mode, request),
  });
}

/**
 * POST /wps/agent/affiliate: whether an affiliate code exists on this site. An unknown code fails
 * with INVITATION_CODE_ERROR; the answer is kept so the submit does not ask twice.
 */
export function getAffiliateCheckQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['affiliate-check', code],
    queryFn: ({ signal }) =>
      apiSend('POST', '/wps/agent/affiliate', 'AffiliateCheck', {
        body: { code, domain: window.location.hostname },
        signal,
      }),
    staleTime: Infinity,
    retry: false,
  });
}
