import type { FieldRule } from '@app/shared';

/** The country dialing code of mobile numbers (Philippines). */
export const COUNTRY_DIALING_CODE = '63';

/**
 * The rule a mobile number must meet before a code is sent to it: the merchant's mobileNum rule
 * when it constrains the number, else 7 to 15 digits (what the server checks then).
 */
export function mobileRule(rules: FieldRule[]): FieldRule {
  const rule = rules.find((r) => r.field === 'mobileNum');
  if (rule?.enabled && rule.acceptedPattern !== '*') return { ...rule, required: true };
  return {
    field: 'mobileNum',
    enabled: true,
    required: true,
    acceptedPattern: '\\d{7,15}',
    patternId: 'DIGITS',
    minLength: 7,
    maxLength: 15,
  };
}

/** The rule every new password follows: the merchant's registration password rule. */
export function passwordRule(rules: FieldRule[]): FieldRule {
  const rule = rules.find((r) => r.field === 'password');
  return rule
    ? { ...rule, enabled: true, required: true }
    : {
        field: 'password',
        enabled: true,
        required: true,
        acceptedPattern: '*',
        patternId: 'ANY',
        minLength: 1,
        maxLength: 128,
      };
}

/** SMS codes have 6 digits (SPEC section 5). */
export const SMS_CODE = /^\d{6}$/;
