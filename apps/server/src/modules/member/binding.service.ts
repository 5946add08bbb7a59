import type { BindRequest, BindSendRequest } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import {
  consumeCode,
  sendCode,
  type VerificationDeps,
  phoneDestination,
} from '../verification/index.js';
import { findMemberByMobile, updateMember } from './member.repository.js';

function target(request: BindSendRequest) {
  return request.channel === 'sms'
    ? {
        channel: 'sms' as const,
        destination: phoneDestination(request.countryDialingCode, request.mobileNum),
      }
    : { channel: 'email' as const, destination: request.email.toLowerCase() };
}

/** Sends a code to the mobile or email the member wants to bind; a taken number is refused. */
export async function sendBindingCode(
  deps: VerificationDeps,
  caller: SignedIn,
  request: BindSendRequest,
) {
  const member = caller.member;
  if (request.channel === 'sms') {
    if (!/^\d{7,15}$/.test(request.mobileNum)) throw new AppError('INVALID_PHONE');
    const owner = await findMemberByMobile(
      deps.db,
      member.merchantId,
      request.countryDialingCode,
      request.mobileNum,
    );
    if (owner && owner.id !== member.id) throw new AppError('MOBILE_TAKEN');
  }
  return sendCode(deps, { merchantId: member.merchantId, purpose: 'bind', ...target(request) });
}

/**
 * Binds (or re-binds) the mobile or email once the code sent to it is given: what is bound is
 * then proven to be the member's, for password resets and second verification.
 */
export async function bindContact(db: Db, caller: SignedIn, request: BindRequest) {
  const member = caller.member;
  const { destination } = target(request);
  await consumeCode(db, {
    merchantId: member.merchantId,
    purpose: 'bind',
    destination,
    code: request.code,
  });
  const change =
    request.channel === 'sms'
      ? {
          countryDialingCode: request.countryDialingCode,
          mobileNum: request.mobileNum,
          mobileVerifiedAt: new Date(),
        }
      : { email: request.email.toLowerCase() };
  return updateMember(db, member.id, change).catch((error: unknown) => {
    if (isUniqueViolation(error, 'members_mobile_unique')) throw new AppError('MOBILE_TAKEN');
    throw error;
  });
}
