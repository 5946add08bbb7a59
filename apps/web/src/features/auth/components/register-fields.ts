import type { FieldRule, RegisterField } from '@app/shared';
import type { InputHTMLAttributes } from 'react';
import { mobileRule } from '../field-rules';

type InputKind = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode'>;

/** How each registration field is typed in; the rest are plain text. */
export const FIELD_INPUTS: Partial<Record<RegisterField, InputKind>> = {
  username: { autoComplete: 'username' },
  password: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
  mobileNum: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  payeeName: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { type: 'tel', inputMode: 'numeric' },
  zalo: { type: 'tel', inputMode: 'numeric' },
  nickname: { autoComplete: 'nickname' },
  birthday: { type: 'date', autoComplete: 'bday' },
  address: { autoComplete: 'street-address' },
  nationality: { autoComplete: 'country-name' },
};

/** Fields picked from the KYC lists of SPEC section 3 instead of typed. */
export const FIELD_OPTIONS = {
  sourceOfIncome: ['1', '2'],
  occupation: [
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
    '10',
    '11',
    '12',
    '13',
    '14',
    '15',
    '16',
    '17',
    '18',
    '19',
    '20',
    '21',
  ],
} as const;

/** Passwords are sent exactly as typed; every other value without surrounding spaces. */
export const PASSWORD_FIELDS = new Set<RegisterField>([
  'password',
  'confirmPassword',
  'paymentPassword',
]);

/**
 * The fields the form shows, in the server's order: every enabled rule except the SMS code (the
 * code overlay asks for it) and the affiliate code when the link already carries a valid one. By
 * mobile, the mobile number is shown and required whatever its rule says.
 */
export function formRules(
  rules: FieldRule[],
  mode: 'username' | 'mobile',
  hideAffiliateCode: boolean,
): FieldRule[] {
  const shown = rules
    .filter((rule) => rule.field !== 'verificationCode')
    .filter((rule) => !(hideAffiliateCode && rule.field === 'affiliateCode'))
    .map((rule) =>
      mode === 'mobile' && rule.field === 'mobileNum'
        ? { ...rule, enabled: true, required: true }
        : rule,
    )
    .filter((rule) => rule.enabled);
  if (mode === 'mobile' && !shown.some((rule) => rule.field === 'mobileNum')) {
    return [mobileRule(rules), ...shown];
  }
  return shown;
}
