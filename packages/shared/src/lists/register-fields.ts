/**
 * The generic validation messages of SPEC section 5. A register field rule names one of these by
 * `patternId`; the web app shows `validation.<patternId>` with the rule's min and max.
 */
export const PATTERN_IDS = [
  'ANY',
  'LETTERS_DIGITS',
  'STARTS_WITH_LETTER',
  'EMAIL',
  'DIGITS',
  'UPPERCASE',
  'LETTERS_SPACES',
  'NO_SPACES',
  'DATE_YMD',
  'DATE_MDY',
  'STRONG_PASSWORD',
  'FULL_NAME',
  'JAPANESE',
  'KOREAN',
  'THAI',
  'MOBILE',
  'REAL_NAME',
] as const;

/** The registration fields an operator can switch on, require and constrain. */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'paymentPassword',
  'verificationCode',
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'nickname',
  'telegram',
  'zalo',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
] as const;
