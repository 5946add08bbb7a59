import { AGENT_TYPES } from '@app/shared';
import { hashPassword } from './lib/password.js';
import { insertMember } from './modules/member/index.js';
import type { Db } from './db/client.js';
import { affiliateCodes, agentContracts } from './db/schema/index.js';
import { runSeedStep } from './db/seed/run-step.js';

/** The login and payment passwords of every demo agent-tree account (demo data only). */
export const DEMO_TREE_PASSWORD = 'Demo-Agent-2026';
export const DEMO_TREE_PAYMENT_PASSWORD = '246810';

/** An agent, a sub-agent and members under each: the tree the transfer pages work on. */
const DEMO_TREE: { username: string; type: number; upline: string | null; nickname: string }[] = [
  { username: 'demoagent', type: AGENT_TYPES[0], upline: null, nickname: 'Demo Agent' },
  { username: 'demosubagent', type: AGENT_TYPES[1], upline: 'demoagent', nickname: 'Sub Agent' },
  { username: 'demoplayer1', type: 0, upline: 'demoagent', nickname: 'Player One' },
  { username: 'demoplayer2', type: 0, upline: 'demoagent', nickname: 'Player Two' },
  { username: 'demoplayer3', type: 0, upline: 'demosubagent', nickname: 'Player Three' },
];

/** The demo agent's affiliate code: registering with it puts the account under the agent. */
export const DEMO_AFFILIATE_CODE = 'DEMOAGENT';

/** Seeds the demo agent tree of a merchant once per database. */
export async function seedDemoAgents(db: Db, merchantCode: string): Promise<void> {
  await runSeedStep(db, `demo-agent-tree-v1-${merchantCode}`, async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, merchantCode),
    });
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    const passwordHash = await hashPassword(DEMO_TREE_PASSWORD);
    const paymentPasswordHash = await hashPassword(DEMO_TREE_PAYMENT_PASSWORD);
    const ids = new Map<string, number>();
    for (const account of DEMO_TREE) {
      const existing = await tx.query.members.findFirst({
        where: (m, { and, eq }) =>
          and(eq(m.merchantId, merchant.id), eq(m.username, account.username)),
      });
      // Someone registered the name before this step ran: leave their account alone.
      if (existing) continue;
      const upline = account.upline === null ? null : (ids.get(account.upline) ?? null);
      if (account.upline !== null && upline === null) continue;
      const row = await insertMember(tx, {
        merchantId: merchant.id,
        username: account.username,
        type: account.type,
        nickname: account.nickname,
        passwordHash,
        paymentPasswordHash,
        uplineId: upline,
      });
      ids.set(account.username, row.id);
    }
    const agentId = ids.get('demoagent');
    if (agentId !== undefined) {
      await tx
        .insert(affiliateCodes)
        .values({ merchantId: merchant.id, code: DEMO_AFFILIATE_CODE, agentId })
        .onConflictDoNothing();
    }
  });
}

/**
 * The demo agents' contracts (decision 014's worked examples): the operator gives the demo agent
 * a daily salary of 0.30/0.50/0.80 % and a weekly dividend of 20/30/40 %; the demo agent gives
 * its sub-agent a daily salary of 0.20/0.40/0.60 %. So the agent centre shows its contract pages
 * and the demo agent can offer contracts to new downline agents.
 */
export async function seedDemoAgentContracts(db: Db, merchantCode: string): Promise<void> {
  await runSeedStep(db, `demo-agent-contracts-v1-${merchantCode}`, async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, merchantCode),
    });
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    const idOf = async (username: string) =>
      (
        await tx.query.members.findFirst({
          where: (m, { and, eq }) => and(eq(m.merchantId, merchant.id), eq(m.username, username)),
        })
      )?.id;
    const agent = await idOf('demoagent');
    const subAgent = await idOf('demosubagent');
    if (agent === undefined) return;
    const now = new Date();
    const active = { merchantId: merchant.id, status: 'active', acceptedAt: now, createdAt: now };
    await tx.insert(agentContracts).values([
      {
        ...active,
        kind: 'daily_salary',
        uplineId: null,
        downlineId: agent,
        terms: { ratesBp: [30, 50, 80] },
      },
      {
        ...active,
        kind: 'dividend',
        period: 'W',
        uplineId: null,
        downlineId: agent,
        terms: { ratesBp: [2_000, 3_000, 4_000] },
      },
      ...(subAgent === undefined
        ? []
        : [
            {
              ...active,
              kind: 'daily_salary',
              uplineId: agent,
              downlineId: subAgent,
              terms: { ratesBp: [20, 40, 60] },
            },
          ]),
    ]);
  });
}
