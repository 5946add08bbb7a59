import { z } from 'zod';

/**
 * The member centre's referral page (SPEC sections 2 and 6: shown to agents, and to members when
 * the merchant's referral promotion, white-label switch REFERRAL, is on). Elsewhere the routes
 * answer FUNCTION_NOT_ENABLED; trial accounts IN_NEED_TRUE_ACCOUNT.
 */

/** GET /wps/relay/referral: the caller's own code (made on first ask) and how many it referred. */
export const ReferralInfo = z.object({
  /** Shared as `/register?referralCode=<code>`. */
  referralCode: z.string(),
  referredCount: z.number().int(),
});
export type ReferralInfo = z.infer<typeof ReferralInfo>;

/** GET /wps/relay/referral/members: the accounts registered with the caller's code. */
export const ReferralMembersQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type ReferralMembersQuery = z.infer<typeof ReferralMembersQuery>;

export const ReferredMember = z.object({
  /** Masked: the first two and last two characters (`ab***yz`), never the whole username. */
  account: z.string(),
  /** ISO instant of registration. */
  registeredAt: z.string(),
});
export type ReferredMember = z.infer<typeof ReferredMember>;

export const ReferralMembersPage = z.object({
  content: z.array(ReferredMember),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type ReferralMembersPage = z.infer<typeof ReferralMembersPage>;

/** The register link that carries a referral code (SPEC: referralCode from the query). */
export function referralUrl(code: string, origin: string): string {
  return `${origin}/register?referralCode=${encodeURIComponent(code)}`;
}
