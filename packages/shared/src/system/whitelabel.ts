import { z } from 'zod';
import { WHITELABEL_SWITCHES } from '../lists/whitelabel-switches.js';

export { WHITELABEL_SWITCHES };

export const WhitelabelSwitch = z.enum(WHITELABEL_SWITCHES);
export type WhitelabelSwitch = z.infer<typeof WhitelabelSwitch>;

/** GET /wps/system/whitelabel: every switch with its state for the caller's merchant. */
export const Whitelabel = z.object(
  Object.fromEntries(WHITELABEL_SWITCHES.map((code) => [code, z.boolean()])) as Record<
    WhitelabelSwitch,
    z.ZodBoolean
  >,
);
export type Whitelabel = z.infer<typeof Whitelabel>;
