import {
  Captcha,
  ChangePasswordRequest,
  ForgotByEmailRequest,
  ForgotByPhoneRequest,
  LoginRequest,
  LoginResult,
  PublicKeyInfo,
  RegisterRequest,
  SecondVerificationAnswer,
  SecondVerificationSend,
  SmsCodeSent,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { createCaptcha } from '../captcha/index.js';
import type { VerificationDeps } from '../verification/index.js';
import type { AuthDeps } from './auth.deps.js';
import {
  loginWithPassword,
  loginWithSmsCode,
  startFreePlay,
  throttleAddress,
} from './login.service.js';
import { changePassword, forgotByEmail, forgotByPhone } from './password.service.js';
import { register } from './register.service.js';
import {
  completeSecondVerification,
  sendSecondVerificationCode,
} from './second-verification.service.js';
import { deviceIdOf } from './device-id.js';
import { closeSession } from './session.service.js';

const tags = ['session'];
const FreePlayRequest = z.object({ termsAccepted: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod<AuthDeps & VerificationDeps> = async (app, deps) => {
  const caller = (req: FastifyRequest) => ({
    ctx: req.ctx,
    userAgent: req.headers['user-agent'] ?? '',
    deviceId: deviceIdOf(req),
  });

  app.get(
    '/wps/system/publicKey',
    {
      schema: memberRoute({
        summary: 'Key that encrypted calls are sealed to',
        tags: ['system'],
        value: PublicKeyInfo,
      }),
    },
    async () => ok(deps.serverKey.info),
  );

  app.get(
    '/wps/captcha',
    { schema: memberRoute({ summary: 'A new captcha image', tags, value: Captcha }) },
    async (req) => {
      await throttleAddress(deps, req.ctx, 'captcha');
      return ok(await createCaptcha(deps.db, req.ctx.merchant.id));
    },
  );

  app.post(
    '/wps/session/login',
    {
      config: { encrypted: true, startsPlayOrMoney: true },
      schema: memberRoute({
        summary: 'Log in by username and password or SMS code (encrypted)',
        tags,
        body: LoginRequest,
        value: LoginResult,
      }),
    },
    async (req) =>
      ok(
        req.body.type === 'sms'
          ? await loginWithSmsCode(deps, caller(req), req.body)
          : await loginWithPassword(deps, caller(req), req.body),
      ),
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      config: { startsPlayOrMoney: true },
      schema: memberRoute({
        summary: 'Start free play as a trial account',
        tags,
        body: FreePlayRequest,
        value: LoginResult,
      }),
    },
    async (req) => ok(await startFreePlay(deps, caller(req))),
  );

  app.delete(
    '/wps/session/logout',
    {
      config: { beforePasswordChange: true },
      onRequest: allow('trial', 'member', 'agent'),
      schema: memberRoute({ summary: 'End this session', tags, value: z.null() }),
    },
    async (req) => {
      const { sessionId } = signedIn(req);
      await closeSession(deps.db, sessionId);
      // Its live websockets close too, on every process.
      await req.server.realtime.endSession(sessionId);
      return ok(null);
    },
  );

  for (const [path, mode] of [
    ['/wps/member/register', 'username'],
    ['/wps/member/register/mobile', 'mobile'],
  ] as const) {
    app.put(
      path,
      {
        config: { encrypted: true, startsPlayOrMoney: true },
        schema: memberRoute({
          summary: `Register by ${mode} (encrypted)`,
          tags: ['member'],
          body: RegisterRequest,
          value: LoginResult.nullable(),
        }),
      },
      async (req) => ok(await register(deps, caller(req), req.body, mode)),
    );
  }

  app.post(
    '/wps/member/password',
    {
      config: { encrypted: true, beforePasswordChange: true },
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Change password (encrypted)',
        tags: ['member'],
        body: ChangePasswordRequest,
        value: z.null(),
      }),
    },
    async (req) => {
      await changePassword(deps, signedIn(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/email',
    {
      schema: memberRoute({
        summary: 'Forgot password: email a temporary password (form-encoded)',
        tags: ['member'],
        body: ForgotByEmailRequest,
        value: z.null(),
      }),
    },
    async (req) => {
      await throttleAddress(deps, req.ctx, 'login');
      await forgotByEmail(deps, req.ctx, req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      config: { encrypted: true, startsPlayOrMoney: true },
      schema: memberRoute({
        summary: 'Forgot password: reset with an SMS code, then log in (encrypted)',
        tags: ['member'],
        body: ForgotByPhoneRequest,
        value: LoginResult,
      }),
    },
    async (req) => {
      await throttleAddress(deps, req.ctx, 'login');
      return ok(await forgotByPhone(deps, caller(req), req.body));
    },
  );

  app.post(
    '/wps/session/login/verify/send',
    {
      schema: memberRoute({
        summary: 'Second verification: send the code to the bound mobile or email',
        tags,
        body: SecondVerificationSend,
        value: SmsCodeSent,
      }),
    },
    async (req) => ok(await sendSecondVerificationCode(deps, req.ctx, req.body)),
  );

  app.post(
    '/wps/session/login/verify',
    {
      config: { encrypted: true, startsPlayOrMoney: true },
      schema: memberRoute({
        summary: 'Second verification: finish a login from an unknown network (encrypted)',
        tags,
        body: SecondVerificationAnswer,
        value: LoginResult,
      }),
    },
    async (req) => {
      await throttleAddress(deps, req.ctx, 'login');
      return ok(await completeSecondVerification(deps, caller(req), req.body));
    },
  );
};
