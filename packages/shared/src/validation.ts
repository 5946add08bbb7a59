import { z } from 'zod';
import { PATTERN_IDS, REGISTER_FIELDS } from './lists/register-fields.js';

export { PATTERN_IDS, REGISTER_FIELDS };

/** Password strength levels shown as 1-3 bars (SPEC section 5). */
export type PasswordStrength = 1 | 2 | 3;

/**
 * All four character classes and 13 or more characters is strong (3); all four and 10 or more
 * is medium (2); anything else is weak (1).
 */
export function passwordStrength(password: string): PasswordStrength {
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/].every((re) => re.test(password));
  if (classes && password.length >= 13) return 3;
  if (classes && password.length >= 10) return 2;
  return 1;
}

/** The largest id a stored row can have (PostgreSQL integer). */
const MAX_ROW_ID = 2_147_483_647;

/**
 * The id of a stored row in a JSON body: a larger number is a VALIDATION_ERROR and never
 * reaches the database.
 */
export const RowId = z.number().int().min(1).max(MAX_ROW_ID);

/** The same in a path or query, where it arrives as text. */
export const RowIdParam = z.coerce.number().int().min(1).max(MAX_ROW_ID);

export const PatternId = z.enum(PATTERN_IDS);
export type PatternId = z.infer<typeof PatternId>;

export const RegisterField = z.enum(REGISTER_FIELDS);
export type RegisterField = z.infer<typeof RegisterField>;

/** A field rule as the server sends it (`/wps/system/setting/register`). */
export const FieldRule = z.object({
  field: RegisterField,
  enabled: z.boolean(),
  required: z.boolean(),
  /** A regular expression the whole value must match; `*` accepts anything. */
  acceptedPattern: z.string(),
  patternId: PatternId,
  minLength: z.number().int().nonnegative(),
  maxLength: z.number().int().positive(),
});
export type FieldRule = z.infer<typeof FieldRule>;

export type FieldRuleResult =
  | { valid: true }
  | { valid: false; reason: 'required' | 'pattern' | 'length'; patternId: PatternId };

/**
 * Checks one value against its rule: an empty optional field passes; otherwise the value must
 * match `acceptedPattern` (`*` means any) and its length must lie between min and max.
 */
export function checkFieldRule(rule: FieldRule, value: string | undefined): FieldRuleResult {
  const text = value ?? '';
  if (!rule.enabled) return { valid: true };
  if (text === '') {
    return rule.required
      ? { valid: false, reason: 'required', patternId: rule.patternId }
      : { valid: true };
  }
  const length = [...text].length;
  if (length < rule.minLength || length > rule.maxLength) {
    return { valid: false, reason: 'length', patternId: rule.patternId };
  }
  if (
    rule.acceptedPattern !== '*' &&
    !new RegExp(`^(?:${rule.acceptedPattern})$`, 'u').test(text)
  ) {
    return { valid: false, reason: 'pattern', patternId: rule.patternId };
  }
  return { valid: true };
}
