import {
  checkFieldRule,
  type FieldRule,
  type LoginResult,
  type RegisterRequest,
} from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { checkCaptcha } from '../captcha/index.js';
import { isOldEnough, refuseRestrictedPerson } from '../eligibility/index.js';
import * as members from '../member/index.js';
import { referrerForRegistration } from '../member/index.js';
import { assertAgentPolicy, getRegisterSettings, getWhitelabel } from '../system/index.js';
import { uplineForRegistration } from '../team/index.js';
import { consumeCode, phoneDestination, type VerificationDeps } from '../verification/index.js';
import type { AuthDeps } from './auth.deps.js';
import { completeLogin, throttleAddress } from './login.service.js';
import { hashPassword } from '../../lib/password.js';

export type RegisterMode = 'username' | 'mobile';

type Issue = { path: string; reason: string; patternId: string; min: number; max: number };

/** Applies the merchant's field rules; mobile registration makes the mobile number required. */
export function fieldIssues(
  rules: FieldRule[],
  request: RegisterRequest,
  mode: RegisterMode,
): Issue[] {
  const issues: Issue[] = [];
  for (const rule of rules) {
    if (rule.field === 'verificationCode') continue;
    const value = request[rule.field];
    const effective =
      mode === 'mobile' && rule.field === 'mobileNum'
        ? { ...rule, enabled: true, required: true }
        : rule;
    const result = checkFieldRule(effective, typeof value === 'string' ? value : undefined);
    if (!result.valid) {
      issues.push({
        path: rule.field,
        reason: result.reason,
        patternId: result.patternId,
        min: rule.minLength,
        max: rule.maxLength,
      });
    }
  }
  return issues;
}

/**
 * Registers a member by username or by mobile number, as the merchant's switches allow, then
 * logs the new account in. Every rule is checked before anything is written.
 */
export async function register(
  deps: AuthDeps & VerificationDeps,
  caller: { ctx: RequestContext; userAgent: string; deviceId?: string | null },
  request: RegisterRequest,
  mode: RegisterMode,
): Promise<LoginResult | null> {
  const { ctx } = caller;
  const merchantId = ctx.merchant.id;
  if (!request.termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED');
  const switches = await getWhitelabel(deps.db, merchantId);
  if (mode === 'username' ? !switches.USERNAMEREG3 : !switches.MOBILENUMREG3) {
    throw new AppError('FUNCTION_NOT_ENABLED');
  }
  await throttleAddress(deps, ctx, 'register');

  const issues = fieldIssues(await getRegisterSettings(deps.db, merchantId), request, mode);
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', { issues });
  if (!request.username || !request.password) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'username', reason: 'required' }] });
  }
  if (request.password !== request.confirmPassword) throw new AppError('PASSWORD_MISMATCH');
  if (request.birthday && !isOldEnough(request.birthday)) throw new AppError('UNDER_AGE');

  if (mode === 'username') {
    await checkCaptcha(deps.db, {
      merchantId,
      captchaId: request.captchaId,
      answer: request.captcha,
      fixedAnswer: deps.captchaFixedAnswer,
    });
  }
  if (request.affiliateCode) {
    // An affiliate code places the account under an agent: the agent programme must run.
    await assertAgentPolicy(deps.switches, merchantId);
    const affiliate = await members.findAffiliateCode(deps.db, merchantId, request.affiliateCode);
    if (!affiliate) throw new AppError('INVITATION_CODE_ERROR');
  }
  await refuseRestrictedPerson(
    deps.db,
    { merchantId, stage: 'register', memberId: null, username: request.username, ip: ctx.ip },
    { fullName: request.payeeName, birthday: request.birthday, idNumber: request.idNumber },
  );

  const username = request.username.toLowerCase();
  if (await members.findMemberByUsername(deps.db, merchantId, username)) {
    throw new AppError('USERNAME_TAKEN');
  }
  const dialing = request.mobileNum ? (request.countryDialingCode ?? '63') : null;
  // Only a number an SMS code proved serves resets, SMS login and second verification.
  const mobileProved = Boolean(request.mobileNum) && mode === 'mobile' && switches.REGMOBVERF3;
  if (request.mobileNum) {
    if (await members.findMemberByMobile(deps.db, merchantId, dialing!, request.mobileNum)) {
      throw new AppError('MOBILE_TAKEN');
    }
    if (mobileProved) {
      await consumeCode(deps.db, {
        merchantId,
        purpose: 'register',
        destination: phoneDestination(dialing!, request.mobileNum),
        code: request.verificationCode,
      });
    }
  }

  const referrerId = request.referralCode
    ? await referrerForRegistration(deps.db, merchantId, request.referralCode)
    : null;
  const uplineId = await uplineForRegistration(deps.db, merchantId, request);
  const member = await members
    .insertMember(deps.db, {
      merchantId,
      username,
      uplineId,
      passwordHash: await hashPassword(request.password),
      paymentPasswordHash: request.paymentPassword
        ? await hashPassword(request.paymentPassword)
        : null,
      countryDialingCode: dialing,
      mobileNum: request.mobileNum ?? null,
      mobileVerifiedAt: mobileProved ? new Date() : null,
      email: request.email ?? null,
      nickname: request.nickname ?? null,
      payeeName: request.payeeName ?? null,
      birthday: request.birthday ?? null,
      profile: Object.fromEntries(
        (
          [
            'qqNum',
            'line',
            'whatsapp',
            'facebook',
            'wechat',
            'telegram',
            'zalo',
            'idNumber',
            'address',
            'nationality',
            'occupation',
            'sourceOfIncome',
          ] as const
        )
          .filter((key) => request[key])
          .map((key) => [key, request[key]]),
      ),
      recommenderId: request.recommenderId ?? null,
      affiliateCode: request.affiliateCode ?? null,
      referralCode: request.referralCode ?? null,
      referrerId,
      registerIp: ctx.ip,
      registerUrl: request.registerUrl ?? null,
    })
    .catch((error: unknown) => {
      // A concurrent registration won the race for the name or number.
      if (isUniqueViolation(error, 'members_username_unique')) throw new AppError('USERNAME_TAKEN');
      if (isUniqueViolation(error, 'members_mobile_unique')) throw new AppError('MOBILE_TAKEN');
      throw error;
    });
  if (!request.login) return null;
  return completeLogin(deps, caller, member, 'register');
}
