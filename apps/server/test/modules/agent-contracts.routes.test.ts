import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { agentContractRequests, agentContracts } from '../../src/db/schema/index.js';
import { activeDailySalary, registerAccount, type TestAccount } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

type Account = TestAccount;

/**
 * Agent contracts through HTTP (decision 014): default merchant tiers are decision 014's worked
 * examples (daily salary maxima 30/50/80 bp, dividend 2000/3000/4000 bp).
 */
describe.each(testDatabases)('agent contracts on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let published: { memberId: number; event: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    const original = app.realtime.publishToMember.bind(app.realtime);
    vi.spyOn(app.realtime, 'publishToMember').mockImplementation(
      async (merchantId, memberId, event) => {
        // The contract events; the unread counts that follow are agent-contract-messages.test.ts's.
        if (event.type === 'contract') published.push({ memberId, event: event });
        await original(merchantId, memberId, event);
      },
    );
  });
  afterAll(() => closeTestApp(app, database));

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: api.headers(token),
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });

  /** A registered account; `type` makes it an agent; `under` registers it below that agent. */
  const account = (options: { type?: number; under?: Account } = {}) =>
    registerAccount(api, database.db, options);

  /** A top-level agent A holding the operator's daily salary contract, with sub-agent B and C. */
  async function tree(rates = [30, 50, 80]) {
    const a = await account({ type: 1 });
    const b = await account({ type: 2, under: a });
    const c = await account({ type: 2, under: b });
    const player = await account({ under: a });
    await activeDailySalary(database.db, { uplineId: null, downlineId: a.id, ratesBp: rates });
    return { a, b, c, player };
  }

  const offer = (from: Account, to: Account, ratesBp: number[], type = 'daily_salary') =>
    call('POST', '/wps/relay/contracts', from.token, { username: to.username, type, ratesBp });

  it('offers, pushes the offer, accepts and shows the contract as active on both sides', async () => {
    const { a, b } = await tree();
    published = [];
    const offered = await offer(a, b, [20, 40, 60]);
    expect(offered.statusCode).toBe(200);
    const contract = offered.json().value;
    expect(contract).toMatchObject({
      type: 'daily_salary',
      status: 'offered',
      side: 'upline',
      upline: { id: a.id, username: a.username },
      downline: { id: b.id, username: b.username },
      ratesBp: [20, 40, 60],
      pendingRequest: { type: 'new', requestedBy: 'me' },
    });
    expect(contract.tiers[1]).toEqual({
      dailyBetAmount: '200000.00',
      activeMembers: 10,
      rateBp: 40,
    });
    expect(published).toEqual([
      {
        memberId: b.id,
        event: {
          type: 'contract',
          action: 'offered',
          contractId: contract.id,
          contractType: 'daily_salary',
          counterparty: a.username,
        },
      },
    ]);

    // The downline sees the offer waiting in its consolidated info.
    const before = (await call('GET', '/wps/relay/contracts/consolidated', b.token)).json().value;
    expect(before.dailysalreqtype).toMatchObject({
      reqType: 'new',
      requestContractId: contract.id,
      awaitingMe: true,
      active: null,
    });

    published = [];
    const accepted = await call('POST', `/wps/relay/contracts/${contract.id}/accept`, b.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().value).toMatchObject({
      contract: { id: contract.id, status: 'active', side: 'downline', pendingRequest: null },
      ended: [],
    });
    expect(published).toEqual([
      {
        memberId: a.id,
        event: expect.objectContaining({ action: 'accepted', counterparty: b.username }),
      },
    ]);

    const mine = (await call('GET', '/wps/relay/contracts/consolidated', b.token)).json().value;
    expect(mine.dailysalreqtype).toMatchObject({
      reqType: null,
      active: { id: contract.id, status: 'active', ratesBp: [20, 40, 60] },
      givenActive: 0,
    });
    expect(mine.divtypereq).toMatchObject({ reqType: null, active: null, givenActive: 0 });
    const upline = (await call('GET', '/wps/relay/contracts/consolidated', a.token)).json().value;
    expect(upline.dailysalreqtype.givenActive).toBe(1);
    expect(upline.dailysalreqtype.active).toMatchObject({ upline: null, status: 'active' });

    const given = (await call('GET', '/wps/relay/contracts?side=given', a.token)).json().value;
    expect(given).toMatchObject({
      totalElements: 1,
      content: [{ id: contract.id, status: 'active' }],
    });
    const received = (await call('GET', '/wps/relay/contracts?side=received', a.token)).json()
      .value;
    expect(received.content.map((c: { downline: { id: number } }) => c.downline.id)).toEqual([
      a.id,
    ]);
  });

  it('lets the downline reject an offer, and the upline hears of it', async () => {
    const { a, b } = await tree();
    const contract = (await offer(a, b, [10, 10, 10])).json().value;
    published = [];
    const rejected = await call('POST', `/wps/relay/contracts/${contract.id}/reject`, b.token);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'rejected', pendingRequest: null });
    expect(published).toEqual([
      { memberId: a.id, event: expect.objectContaining({ action: 'rejected' }) },
    ]);
    // An answered offer cannot be accepted afterwards.
    const late = await call('POST', `/wps/relay/contracts/${contract.id}/accept`, b.token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'CONTRACT_NOT_PENDING',
      value: { status: 'rejected' },
    });
    // The upline cannot answer its own offer.
    const again = (await offer(a, b, [10, 10, 10])).json().value;
    const self = await call('POST', `/wps/relay/contracts/${again.id}/accept`, a.token);
    expect(self.statusCode).toBe(403);
    // A second offer of the type waits for the first one's answer.
    const twice = await offer(a, b, [10, 10, 10]);
    expect(twice.json().code).toBe('CONTRACT_REQUEST_PENDING');
  });

  it('refuses offers beyond a direct downline agent, and changes nothing', async () => {
    const { a, b, c, player } = await tree();
    const deep = await offer(a, c, [10, 10, 10]);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('CONTRACT_NOT_DIRECT_DOWNLINE');
    const notAgent = await offer(a, player, [10, 10, 10]);
    expect(notAgent.json().code).toBe('CONTRACT_NOT_AGENT');
    const up = await offer(b, a, [10, 10, 10]);
    expect(up.statusCode).toBe(404);
    expect(up.json().code).toBe('DOWNLINE_NOT_FOUND');
    const stranger = await account({ type: 1 });
    expect((await offer(a, stranger, [10, 10, 10])).json().code).toBe('DOWNLINE_NOT_FOUND');
    const rows = await database.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.uplineId, a.id));
    expect(rows).toEqual([]);
  });

  it("refuses a rate above the offerer's own or outside the merchant range", async () => {
    const { a, b, c } = await tree([30, 40, 60]);
    const above = await offer(a, b, [30, 50, 60]);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'CONTRACT_RATE_ABOVE_OWN', value: { tier: 1 } });
    const range = await offer(a, b, [30, 20, 60]);
    expect(range.json()).toMatchObject({ code: 'CONTRACT_RATE_OUT_OF_RANGE', value: { tier: 1 } });
    const tiers = await offer(a, b, [30, 40]);
    expect(tiers.json().code).toBe('CONTRACT_RATE_OUT_OF_RANGE');
    // B holds no hourly salary contract: it cannot give one.
    expect((await offer(b, c, [1, 1], 'hourly_salary')).json()).toMatchObject({
      code: 'CONTRACT_RATE_ABOVE_OWN',
    });
    expect(
      await database.db.select().from(agentContracts).where(eq(agentContracts.downlineId, b.id)),
    ).toEqual([]);
  });

  it('terminates on request once the other side accepts; a declined request keeps it', async () => {
    const { a, b } = await tree();
    const contract = (await offer(a, b, [10, 20, 30])).json().value;
    await call('POST', `/wps/relay/contracts/${contract.id}/accept`, b.token);

    published = [];
    const asked = await call('POST', `/wps/relay/contracts/${contract.id}/termination`, b.token);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().value.pendingRequest).toMatchObject({
      type: 'termination',
      requestedBy: 'me',
    });
    expect(published).toEqual([
      { memberId: a.id, event: expect.objectContaining({ action: 'termination_requested' }) },
    ]);
    const upInfo = (await call('GET', '/wps/relay/contracts/consolidated', a.token)).json().value;
    expect(upInfo.dailysalreqtype).toMatchObject({
      reqType: 'termination',
      requestContractId: contract.id,
      awaitingMe: true,
    });
    // The side that asked cannot answer itself, nor ask twice.
    const own = await call(
      'POST',
      `/wps/relay/contracts/${contract.id}/termination/accept`,
      b.token,
    );
    expect(own.statusCode).toBe(403);
    const twice = await call('POST', `/wps/relay/contracts/${contract.id}/termination`, a.token);
    expect(twice.json().code).toBe('CONTRACT_REQUEST_PENDING');

    const declined = await call(
      'POST',
      `/wps/relay/contracts/${contract.id}/termination/reject`,
      a.token,
    );
    expect(declined.json().value).toMatchObject({ status: 'active', pendingRequest: null });

    await call('POST', `/wps/relay/contracts/${contract.id}/termination`, a.token);
    published = [];
    const ended = await call(
      'POST',
      `/wps/relay/contracts/${contract.id}/termination/accept`,
      b.token,
    );
    expect(ended.statusCode).toBe(200);
    expect(ended.json().value).toMatchObject({
      status: 'terminated',
      endReason: 'requested_by_upline',
    });
    expect(published).toEqual([
      { memberId: a.id, event: expect.objectContaining({ action: 'terminated' }) },
    ]);
    const info = (await call('GET', '/wps/relay/contracts/consolidated', b.token)).json().value;
    expect(info.dailysalreqtype).toMatchObject({ active: null, reqType: null });
    const again = await call('POST', `/wps/relay/contracts/${contract.id}/termination`, b.token);
    expect(again.json().code).toBe('CONTRACT_NOT_ACTIVE');
  });

  it('applies two concurrent accepts of one offer once', async () => {
    const { a, b } = await tree();
    const contract = (await offer(a, b, [10, 20, 30])).json().value;
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/wps/relay/contracts/${contract.id}/accept`, b.token)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const requests = await database.db
      .select()
      .from(agentContractRequests)
      .where(eq(agentContractRequests.contractId, contract.id));
    expect(requests).toEqual([expect.objectContaining({ status: 'accepted' })]);
    const active = await database.db
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.downlineId, b.id), eq(agentContracts.status, 'active')));
    expect(active).toHaveLength(1);
  });

  it('answers a stranger agent not found for every contract route', async () => {
    const { a, b } = await tree();
    const contract = (await offer(a, b, [10, 20, 30])).json().value;
    const stranger = await account({ type: 1 });
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/accept'],
      ['POST', '/reject'],
      ['POST', '/termination'],
      ['POST', '/termination/accept'],
    ] as const) {
      const res = await call(method, `/wps/relay/contracts/${contract.id}${path}`, stranger.token);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        code: 'CONTRACT_NOT_FOUND',
        message: expect.any(String),
        value: {},
      });
    }
    const list = (await call('GET', '/wps/relay/contracts', stranger.token)).json().value;
    expect(list.totalElements).toBe(0);
    const [row] = await database.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, contract.id));
    expect(row!.status).toBe('offered');
  });

  it('ends the downline contracts above new lower rates only once the agent confirms', async () => {
    const { a, b, c } = await tree();
    // B holds 20/40/60 from A and gives C 10/30/60.
    const first = (await offer(a, b, [20, 40, 60])).json().value;
    await call('POST', `/wps/relay/contracts/${first.id}/accept`, b.token);
    const toC = (await offer(b, c, [10, 30, 60])).json().value;
    await call('POST', `/wps/relay/contracts/${toC.id}/accept`, c.token);

    // A offers B lower rates on tier 3: accepting would leave C above B.
    const lower = (await offer(a, b, [20, 40, 50])).json().value;
    const conflict = await call('POST', `/wps/relay/contracts/${lower.id}/accept`, b.token);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'CONTRACT_CONFLICT',
      value: {
        ends: [{ contractId: toC.id, username: c.username, reason: 'upline_rate_lowered' }],
      },
    });
    const [unchanged] = await database.db
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, toC.id));
    expect(unchanged!.status).toBe('active');

    published = [];
    const confirmed = await call('POST', `/wps/relay/contracts/${lower.id}/accept`, b.token, {
      confirmEnds: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().value).toMatchObject({
      contract: { id: lower.id, status: 'active' },
      ended: [{ contractId: toC.id }],
    });
    const statuses = await database.db
      .select({
        id: agentContracts.id,
        status: agentContracts.status,
        endReason: agentContracts.endReason,
      })
      .from(agentContracts)
      .where(eq(agentContracts.kind, 'daily_salary'));
    const byId = new Map(statuses.map((s) => [s.id, s]));
    expect(byId.get(toC.id)).toMatchObject({
      status: 'ended_by_conflict',
      endReason: 'upline_rate_lowered',
    });
    expect(byId.get(first.id)).toMatchObject({ status: 'terminated', endReason: 'replaced' });
    expect(published).toEqual(
      expect.arrayContaining([
        {
          memberId: c.id,
          event: expect.objectContaining({ action: 'ended_by_conflict', contractId: toC.id }),
        },
        {
          memberId: a.id,
          event: expect.objectContaining({ action: 'accepted', contractId: lower.id }),
        },
      ]),
    );
    const cInfo = (await call('GET', '/wps/relay/contracts/consolidated', c.token)).json().value;
    expect(cInfo.dailysalreqtype.active).toBeNull();
  });

  it('keeps members and trial accounts out', async () => {
    const { player } = await tree();
    const res = await call('GET', '/wps/relay/contracts/consolidated', player.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});
