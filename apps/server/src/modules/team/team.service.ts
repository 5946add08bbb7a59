import type { Db } from '../../db/client.js';
import * as repo from './team.repository.js';

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
    code = await repo.domainAffiliateCode(db, merchantId, request.domain.trim().toLowerCase());
  }
  if (!code) return null;
  return repo.agentOfAffiliateCode(db, merchantId, code);
}
