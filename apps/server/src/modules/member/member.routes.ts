import {
  AuthenticatorCode,
  AuthenticatorSetup,
  AuthenticatorSetupRequest,
  BindRequest,
  BindSendRequest,
  LanguageChange,
  LoginHistoryEntry,
  SmsCodeSent,
  MemberInfo,
  PaymentPasswordRequest,
  SelfExclusionRequest,
  UpdateMemberInfo,
} from '@app/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VerificationDeps } from '../verification/index.js';
import { bindContact, sendBindingCode } from './binding.service.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { toMemberInfo } from './member-info.js';
import { findMemberById, updateMember } from './member.repository.js';
import { updateOwnInfo } from './member.service.js';
import {
  assertLoginPassword,
  excludeSelf,
  loginHistory,
  setPaymentPassword,
} from './security.service.js';
import {
  bindAuthenticator,
  startAuthenticatorSetup,
  unbindAuthenticator,
} from './authenticator.js';

const tags = ['member'];

export const memberRoutes: FastifyPluginAsyncZod<
  VerificationDeps & { secrets: SecretBox }
> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/wps/member/info',
    {
      // The change-password screen shows the username.
      config: { beforePasswordChange: true },
      onRequest: allow('trial', 'member', 'agent'),
      schema: memberRoute({ summary: 'The logged-in account', tags, value: MemberInfo }),
    },
    async (req) => ok(toMemberInfo(signedIn(req).member, req.ctx.merchant)),
  );
  app.post(
    '/wps/member/info',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Update own profile',
        tags,
        body: UpdateMemberInfo,
        value: MemberInfo,
      }),
    },
    async (req) => ok(await updateOwnInfo(db, signedIn(req), req.ctx, req.body)),
  );

  app.post(
    '/wps/member/info/icon',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Choose an avatar',
        tags,
        body: z.object({ icon: AvatarIcon }),
        value: MemberInfo,
      }),
    },
    async (req) => {
      const updated = await updateMember(db, signedIn(req).member.id, { icon: req.body.icon });
      return ok(toMemberInfo(updated, req.ctx.merchant));
    },
  );
  app.post(
    '/wps/member/paymentPassword',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Set or change the payment password',
        tags,
        body: PaymentPasswordRequest,
        value: z.null(),
      }),
    },
    async (req) => {
      await setPaymentPassword(deps, signedIn(req), req.body);
      return ok(null);
    },
  );
  app.post(
    '/wps/member/authenticator/setup',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Start linking an authenticator app: a new secret and its otpauth URI',
        tags,
        body: AuthenticatorSetupRequest,
        value: AuthenticatorSetup,
      }),
    },
    async (req) => {
      const caller = signedIn(req);
      await assertLoginPassword(deps.limiter, caller, req.body.password);
      return ok(await startAuthenticatorSetup(deps, caller.member, req.ctx.merchant));
    },
  );
  app.post(
    '/wps/member/authenticator',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Link the authenticator app with a code it shows',
        tags,
        body: AuthenticatorCode,
        value: MemberInfo,
      }),
    },
    async (req) => {
      const caller = signedIn(req);
      await bindAuthenticator(deps, caller.member, req.body.code);
      const updated = await findMemberById(db, caller.member.id);
      return ok(toMemberInfo(updated!, req.ctx.merchant));
    },
  );
  app.post(
    '/wps/member/authenticator/unbind',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Unlink the authenticator app with a current code from it',
        tags,
        body: AuthenticatorCode,
        value: MemberInfo,
      }),
    },
    async (req) => {
      const caller = signedIn(req);
      await unbindAuthenticator(deps, caller.member, req.body.code);
      const updated = await findMemberById(db, caller.member.id);
      return ok(toMemberInfo(updated!, req.ctx.merchant));
    },
  );
  app.post(
    '/wps/member/selfExclusion',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Exclude oneself for 6 months, 1 year or 5 years',
        tags,
        body: SelfExclusionRequest,
        value: z.object({ until: z.string() }),
      }),
    },
    async (req) => ok(await excludeSelf(deps, signedIn(req), req.body)),
  );
  app.get(
    '/wps/member/loginHistory',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Last 20 login attempts',
        tags,
        value: z.array(LoginHistoryEntry),
      }),
    },
    async (req) => ok(await loginHistory(db, signedIn(req))),
  );
  app.post(
    '/wps/member/bind/send',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Send a code to a mobile or email to bind',
        tags,
        body: BindSendRequest,
        value: SmsCodeSent,
      }),
    },
    async (req) => ok(await sendBindingCode(deps, signedIn(req), req.body)),
  );
  app.post(
    '/wps/member/bind',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Bind a mobile or email with its code',
        tags,
        body: BindRequest,
        value: MemberInfo,
      }),
    },
    async (req) =>
      ok(toMemberInfo(await bindContact(db, signedIn(req), req.body), req.ctx.merchant)),
  );
  app.post(
    '/wps/member/language',
    {
      config: { beforePasswordChange: true },
      onRequest: allow('trial', 'member', 'agent'),
      schema: memberRoute({
        summary: 'Remember the chosen interface language',
        tags,
        body: LanguageChange,
        value: z.null(),
      }),
    },
    async (req) => {
      await updateMember(db, signedIn(req).member.id, { language: req.body.language });
      return ok(null);
    },
  );
};

/** The avatars the web app ships. */
const AvatarIcon = z.string().regex(/^avatar-(?:[1-9]|1[0-2])$/);
