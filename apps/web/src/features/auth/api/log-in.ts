import type {
  LoginRequest,
  LoginResult,
  SecondVerificationMethod,
  SmsCodeRequest,
} from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** POST /wps/session/login (encrypted): username and password, or mobile and SMS code. */
export function logIn(request: LoginRequest): Promise<LoginResult> {
  return apiSend('POST', '/wps/session/login', 'LoginResult', { body: request, encrypted: true });
}

/** Logs in; the form saves the session (signIn) or goes on to a second verification. */
export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}

/** Which SMS code: for login or password reset (/noLogin), or for a registration. */
export type SmsCodeKind = 'noLogin' | 'register';

/** POST /wps/verification/sms/<kind>: sends a 6-digit code; answers its lifetime in minutes. */
export function sendSmsCode(
  kind: SmsCodeKind,
  request: Omit<SmsCodeRequest, 'purpose'> & Partial<Pick<SmsCodeRequest, 'purpose'>>,
) {
  return apiSend('POST', `/wps/verification/sms/${kind}`, 'SmsCodeSent', { body: request });
}

/** POST /wps/session/login/verify/send: the code of a second verification, by SMS or email. */
export function sendSecondVerificationCode(challengeId: string, method: 'sms' | 'email') {
  return apiSend('POST', '/wps/session/login/verify/send', 'SmsCodeSent', {
    body: { challengeId, method },
  });
}

/**
 * POST /wps/session/login/verify (encrypted): finishes a login held for coming from a network
 * the member never used, with the code or the bank account name.
 */
export function completeSecondVerification(
  challengeId: string,
  method: SecondVerificationMethod,
  answer: string,
): Promise<LoginResult> {
  return apiSend('POST', '/wps/session/login/verify', 'LoginResult', {
    body: { challengeId, method, answer },
    encrypted: true,
  });
}

/** Sends the code of a held login's second verification (SMS or email). */
export function useSendSecondVerificationCode() {
  return useMutation({
    mutationFn: ({ challengeId, method }: { challengeId: string; method: 'sms' | 'email' }) =>
      sendSecondVerificationCode(challengeId, method),
  });
}

/** The body of POST /wps/session/login/verify (SecondVerificationAnswer of @app/shared). */
type SecondVerificationReply = {
  challengeId: string;
  method: SecondVerificationMethod;
  answer: string;
};

/** Answers the second verification; the caller signs the member in with the result. */
export function useCompleteSecondVerification() {
  return useMutation({
    mutationFn: ({ challengeId, method, answer }: SecondVerificationReply) =>
      completeSecondVerification(challengeId, method, answer),
  });
}
