import { z } from 'zod';
import { ErrorCode } from './errors.js';

/** `{"success": true, "value": ...}`: the body of every successful member API response. */
export function successEnvelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

/** The body of every failed member API response. */
export const ErrorEnvelope = z.object({
  success: z.literal(false),
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  value: z.record(z.string(), z.unknown()),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export type SuccessEnvelope<T> = { success: true; value: T };

/** Request headers of the member API (ARCHITECTURE.md, member API conventions). */
export const API_HEADERS = {
  authorization: 'Authorization',
  merchant: 'Merchant',
  language: 'Language',
  device: 'Device',
} as const;

/**
 * The browser's own stable random id, sent on login and register so operators can see members
 * sharing a device (decision 008's risk screen). Not a credential: anything else is ignored.
 */
export const DEVICE_ID_HEADER = 'Device-Id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
