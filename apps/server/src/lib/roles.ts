import { AGENT_TYPES, TRIAL_TYPE } from '@app/shared';

/** Who is calling (ARCHITECTURE.md, security baseline); admin is the back office's own. */
export type Role = 'visitor' | 'trial' | 'member' | 'agent';

/** A member account's role from its type (SPEC section 3). */
export function roleOfType(type: number): Exclude<Role, 'visitor'> {
  if (type === TRIAL_TYPE) return 'trial';
  if ((AGENT_TYPES as readonly number[]).includes(type)) return 'agent';
  return 'member';
}
