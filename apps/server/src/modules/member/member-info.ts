import { AGENT_TYPES, TRIAL_TYPE, type MemberInfo } from '@app/shared';
import type { members } from '../../db/schema/index.js';
import type { Merchant } from '../merchant/index.js';

/** Shows only the last four characters of a contact detail. */
export function mask(value: string | null): string | null {
  if (!value) return null;
  return value.length <= 4
    ? '*'.repeat(value.length)
    : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** The account as the member's own pages see it; contact details are masked. */
export function toMemberInfo(member: typeof members.$inferSelect, merchant: Merchant): MemberInfo {
  return {
    id: member.id,
    account: member.username,
    nickname: member.nickname,
    type: member.type,
    isAgent: (AGENT_TYPES as readonly number[]).includes(member.type),
    isTrial: member.type === TRIAL_TYPE,
    merchantCode: merchant.code,
    currency: merchant.currency,
    countryDialingCode: member.countryDialingCode,
    mobileNum: mask(member.mobileNum),
    email: member.email ? member.email.replace(/^(.).*(@.*)$/, '$1***$2') : null,
    payeeName: member.payeeName,
    birthday: member.birthday,
    icon: member.icon,
    hasPaymentPassword: member.paymentPasswordHash !== null,
    hasAuthenticator: member.totpSecret !== null,
  };
}
