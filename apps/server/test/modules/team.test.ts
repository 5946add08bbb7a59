import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { affiliateCodes, merchantDomains, members } from '../../src/db/schema/index.js';
import {
  directUpline,
  isInDownline,
  listDownline,
} from '../../src/modules/team/team.repository.js';
import { testDatabases } from '../support/databases.js';
import { createMember, MERCHANT_ID } from '../support/ledger.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

describe.each(testDatabases)('agent tree on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  async function idOf(token: string): Promise<number> {
    const res = await app.inject({ url: '/wps/member/info', headers: api.headers(token) });
    return res.json().value.id as number;
  }

  async function treeOf(descendantId: number) {
    const rows = await database.db.execute(
      sql`select ancestor_id, depth from member_tree where descendant_id = ${descendantId} order by depth`,
    );
    return (rows as { rows: { ancestor_id: number; depth: number }[] }).rows.map((row) => [
      Number(row.ancestor_id),
      Number(row.depth),
    ]);
  }

  async function codeFor(agentId: number): Promise<string> {
    const code = `AG${agentId}X${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    await database.db.insert(affiliateCodes).values({ merchantId: MERCHANT_ID, code, agentId });
    return code;
  }

  it('gives every kind of account its own depth-0 row', async () => {
    const registered = (await api.register()).json().value.token as string;
    const memberId = await idOf(registered);
    expect(await treeOf(memberId)).toEqual([[memberId, 0]]);

    const trial = await api.startFreePlay();
    expect(trial.statusCode).toBe(200);
    const trialId = await idOf(trial.json().value.token);
    expect(await treeOf(trialId)).toEqual([[trialId, 0]]);

    for (const type of [1, 2, 41, 42]) {
      const agent = await createMember(database.db, { type });
      expect(await treeOf(agent)).toEqual([[agent, 0]]);
    }

    // No account anywhere lacks its row (the seeded demo tree included).
    const missing = await database.db.execute(sql`
      select m.id from members m
      where not exists (
        select 1 from member_tree t where t.descendant_id = m.id and t.ancestor_id = m.id and t.depth = 0
      )`);
    expect((missing as { rows: unknown[] }).rows).toEqual([]);
  });

  it('registers with an affiliate code under its agent, at every depth of the chain', async () => {
    const agentA = await createMember(database.db, { type: 1 });
    const registeredB = (await api.register({ affiliateCode: await codeFor(agentA) })).json();
    expect(registeredB.success).toBe(true);
    const agentB = await idOf(registeredB.value.token);
    await database.db.update(members).set({ type: 2 }).where(eq(members.id, agentB));

    const registeredC = (await api.register({ affiliateCode: await codeFor(agentB) })).json();
    const memberC = await idOf(registeredC.value.token);

    expect(await treeOf(memberC)).toEqual([
      [memberC, 0],
      [agentB, 1],
      [agentA, 2],
    ]);
    const [row] = await database.db.select().from(members).where(eq(members.id, memberC));
    expect(row!.uplineId).toBe(agentB);
    expect(await isInDownline(database.db, agentA, memberC)).toBe(true);
    expect(await isInDownline(database.db, agentB, memberC)).toBe(true);
    expect(await isInDownline(database.db, memberC, agentA)).toBe(false);
    expect(await isInDownline(database.db, memberC, memberC)).toBe(false);
    expect((await directUpline(database.db, memberC))?.id).toBe(agentB);
    expect((await directUpline(database.db, agentB))?.id).toBe(agentA);
    expect(await directUpline(database.db, agentA)).toBeUndefined();

    const team = await listDownline(database.db, agentA);
    expect(team.total).toBe(2);
    expect(team.rows.map((r) => [r.id, r.depth])).toEqual([
      [agentB, 1],
      [memberC, 2],
    ]);
    expect((await listDownline(database.db, agentA, { maxDepth: 1 })).total).toBe(1);
  });

  it("puts an account registered on an agent's domain under that agent", async () => {
    const agent = await createMember(database.db, { type: 41 });
    const host = `agent${agent}.example.test`;
    await database.db
      .insert(merchantDomains)
      .values({ merchantId: MERCHANT_ID, host, route: '/', affiliateCode: await codeFor(agent) });
    const member = await idOf((await api.register({ domain: host })).json().value.token);
    expect(await treeOf(member)).toEqual([
      [member, 0],
      [agent, 1],
    ]);
  });

  it('leaves an account without an affiliate code at the top of its own tree', async () => {
    const member = await idOf((await api.register()).json().value.token);
    expect(await directUpline(database.db, member)).toBeUndefined();
    const [row] = await database.db.select().from(members).where(eq(members.id, member));
    expect(row!.uplineId).toBeNull();
  });

  it('seeds a demo agent with a downline once', async () => {
    const [agent] = await database.db
      .select()
      .from(members)
      .where(eq(members.username, 'demoagent'));
    expect(agent!.type).toBe(1);
    const team = await listDownline(database.db, agent!.id);
    expect(team.rows.map((r) => r.username).sort()).toEqual([
      'demoplayer1',
      'demoplayer2',
      'demoplayer3',
      'demosubagent',
    ]);
  });
});
