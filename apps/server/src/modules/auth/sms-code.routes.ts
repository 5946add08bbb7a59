import { SmsCodeRequest, SmsCodeSent } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { AuthDeps } from './auth.deps.js';
import { throttleAddress } from './login.service.js';
import { reserveAccountSend, reserveSourceSend } from './password.service.js';
import { checkCaptcha } from '../captcha/index.js';
import { findMemberByMobile } from '../member/index.js';
import { getRegisterSettings } from '../system/index.js';
import type { RequestContext } from '../../plugins/request-context.js';
import {
  sendCode,
  type CodePurpose,
  type VerificationDeps,
  phoneDestination,
} from '../verification/index.js';

type Deps = AuthDeps & VerificationDeps;

/** Mobile numbers follow the merchant's mobileNum rule, else 7 to 15 digits. */
async function assertMobile(deps: Deps, merchantId: number, mobile: string) {
  const rule = (await getRegisterSettings(deps.db, merchantId)).find(
    (r) => r.field === 'mobileNum',
  );
  const pattern =
    rule?.enabled && rule.acceptedPattern !== '*' ? rule.acceptedPattern : '\\d{7,15}';
  if (!new RegExp(`^(?:${pattern})$`).test(mobile)) throw new AppError('INVALID_PHONE');
}

async function requestSmsCode(
  deps: Deps,
  ctx: RequestContext,
  body: SmsCodeRequest,
  purpose: CodePurpose,
) {
  await throttleAddress(deps, ctx, 'sms');
  if (!body.mobile) throw new AppError('INVALID_PHONE');
  await assertMobile(deps, ctx.merchant.id, body.mobile);
  await checkCaptcha(deps.db, {
    merchantId: ctx.merchant.id,
    captchaId: body.captchaId,
    answer: body.captcha,
    fixedAnswer: deps.captchaFixedAnswer,
  });
  if (purpose === 'login' || purpose === 'reset') {
    // These codes open an account: only to a number an SMS code proved, within its send limits.
    await reserveSourceSend(deps, ctx);
    const member = await findMemberByMobile(
      deps.db,
      ctx.merchant.id,
      body.countryDialingCode,
      body.mobile,
      true,
    );
    if (!member) throw new AppError('USER_NOT_FOUND');
    await reserveAccountSend(deps, member.id);
  }
  return sendCode(deps, {
    merchantId: ctx.merchant.id,
    purpose,
    channel: 'sms',
    destination: phoneDestination(body.countryDialingCode, body.mobile),
  });
}

/**
 * SMS codes for registration, login and password reset. They belong to those auth flows (the
 * verification module only stores, sends and checks codes, and imports nothing of auth).
 */
export const smsCodeRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  const tags = ['verification'];
  app.post(
    '/wps/verification/sms/register',
    {
      schema: memberRoute({
        summary: 'Send a registration code by SMS',
        tags,
        body: SmsCodeRequest,
        value: SmsCodeSent,
      }),
    },
    async (req) => ok(await requestSmsCode(deps, req.ctx, req.body, 'register')),
  );
  app.post(
    '/wps/verification/sms/noLogin',
    {
      schema: memberRoute({
        summary: 'Send a login or password-reset code by SMS',
        tags,
        body: SmsCodeRequest,
        value: SmsCodeSent,
      }),
    },
    async (req) => ok(await requestSmsCode(deps, req.ctx, req.body, req.body.purpose)),
  );
};
