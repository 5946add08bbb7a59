import type { ChangePasswordRequest, ForgotByPhoneRequest, LoginResult } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** POST /wps/member/password (encrypted). */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiSend('POST', '/wps/member/password', null, { body: request, encrypted: true });
}

/** Changes the password; the caller refreshes the member's queries once the change is done. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST /wps/member/password/email (form-encoded): a temporary password is emailed. */
export async function forgotByEmail(request: { username: string; email: string }): Promise<void> {
  await apiSend('POST', '/wps/member/password/email', null, { form: request });
}

/** POST /wps/member/password/verification (encrypted): new password by SMS code, logged in. */
export function forgotByPhone(request: ForgotByPhoneRequest): Promise<LoginResult> {
  return apiSend('POST', '/wps/member/password/verification', 'LoginResult', {
    body: request,
    encrypted: true,
  });
}

/** Asks for a temporary password by email. */
export function useForgotByEmail() {
  return useMutation({ mutationFn: forgotByEmail });
}

/** Sets a new password with an SMS code; the member is logged in by the answer. */
export function useForgotByPhone() {
  return useMutation({ mutationFn: forgotByPhone });
}
