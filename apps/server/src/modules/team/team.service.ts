import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { affiliateCodes, merchantDomains, members } from '../../db/schema/index.js';

/**
 * The agent a new account registers under: the agent of the affiliate code the visitor gave, or,
 * without one, of the affiliate code of the agent's own domain the visitor registers on. Null
 * when neither names an agent of this merchant.
 */
export async function uplineForRegistration(
  db: Db,
  merchantId: number,
  request: { affiliateCode?: string | undefined; domain?: string | undefined },
): Promise<number | null> {
  let code = request.affiliateCode?.trim() || null;
  if (!code && request.domain) {
    const [domain] = await db
      .select({ affiliateCode: merchantDomains.affiliateCode })
      .from(merchantDomains)
      .where(
        and(
          eq(merchantDomains.merchantId, merchantId),
          eq(merchantDomains.host, request.domain.trim().toLowerCase()),
        ),
      );
    code = domain?.affiliateCode ?? null;
  }
  if (!code) return null;
  const [row] = await db
    .select({ agentId: affiliateCodes.agentId })
    .from(affiliateCodes)
    .innerJoin(members, eq(members.id, affiliateCodes.agentId))
    .where(
      and(
        eq(affiliateCodes.merchantId, merchantId),
        eq(affiliateCodes.code, code),
        eq(members.merchantId, merchantId),
      ),
    );
  return row?.agentId ?? null;
}
