import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { agentContracts } from '../../src/db/schema/index.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { activeDailySalary, registerAccount, type TestAccount } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import type { MemberApi } from '../support/member-api.js';
import { signInOperator } from '../support/operator-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

type Account = TestAccount;
type Inbox = { content: { id: number; title: string }[] };

/**
 * The operator administers agent contracts (issue 18, decision 014 "Operator administration")
 * through HTTP: ends a contract, answers a top-level agent's termination request, withdraws an
 * offer, resets a dividend carry. Each refuses the wrong state and changes nothing, applies once
 * under a burst, is audited (who, before, after, reason) and reaches the agents live and in
 * their inbox. A read-only operator and an agent cannot call these routes.
 */
describe.each(testDatabases)('operator contract actions on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let admin: ReturnType<typeof adminApi>;
  let owner: string;
  let readOnly: string;
  const live: { memberId: number; action: string; contractId: number }[] = [];

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    admin = adminApi(app);
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    readOnly = await signInOperator(app, database.db, {
      role: 'read_only',
      merchantId: MERCHANT_ID,
    });
    const original = app.realtime.publishToMember.bind(app.realtime);
    vi.spyOn(app.realtime, 'publishToMember').mockImplementation(
      async (merchantId, memberId, event) => {
        if (event.type === 'contract') {
          live.push({ memberId, action: event.action, contractId: event.contractId });
        }
        await original(merchantId, memberId, event);
      },
    );
  });
  afterAll(() => closeTestApp(app, database));

  const asAgent = (method: 'GET' | 'POST', url: string, who: Account, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: api.headers(who.token),
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });

  const agent = (options: { type?: number; under?: Account } = { type: 1 }) =>
    registerAccount(api, database.db, options);

  const contractRow = async (id: number) =>
    (await database.db.select().from(agentContracts).where(eq(agentContracts.id, id)))[0]!;

  const listed = async (id: number, username: string) => {
    const page = (
      await admin(owner, 'GET', `/admin/api/agents/contracts?username=${username}`)
    ).json().value as { items: { id: number }[] };
    return page.items.find((c) => c.id === id) as Record<string, unknown>;
  };

  /** A top agent on 0.3 % daily salary and a sub-agent under it on 0.2 %: that contract's id. */
  async function subAgentOnDailySalary() {
    const top = await agent();
    const sub = await agent({ type: 2, under: top });
    await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: top.id,
      ratesBp: [30, 50, 80],
    });
    const id = await activeDailySalary(database.db, {
      uplineId: top.id,
      downlineId: sub.id,
      ratesBp: [20, 40, 60],
    });
    return { top, sub, id };
  }

  async function inboxTitles(who: Account): Promise<string[]> {
    const res = await asAgent('GET', '/wps/relay/messageV2?pageSize=50', who);
    return (res.json().value as Inbox).content.map((m) => m.title);
  }

  it('ends a contract in force with a reason: terminated, audited, both agents told', async () => {
    const { top, sub, id } = await subAgentOnDailySalary();
    // A reason is required.
    const noReason = await admin(owner, 'POST', `/admin/api/agents/contracts/${id}/end`, {
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect((await contractRow(id)).status).toBe('active');

    const res = await admin(owner, 'POST', `/admin/api/agents/contracts/${id}/end`, {
      reason: 'Agent left the programme',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      id,
      status: 'terminated',
      endReason: 'ended_by_operator',
      pendingRequest: null,
    });
    const row = await contractRow(id);
    expect(row.status).toBe('terminated');
    expect(row.endedAt).not.toBeNull();

    const [audit, ...more] = await auditsOf(database.db, 'agent.contract.operator_end', id);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({ actorType: 'operator', subjectType: 'agent_contract' });
    expect(audit!.before).toMatchObject({ status: 'active', endReason: null });
    expect(audit!.after).toMatchObject({
      status: 'terminated',
      endReason: 'ended_by_operator',
      reason: 'Agent left the programme',
    });
    expect(live).toEqual(
      expect.arrayContaining([
        { memberId: sub.id, action: 'ended_by_operator', contractId: id },
        { memberId: top.id, action: 'ended_by_operator', contractId: id },
      ]),
    );
    expect(await inboxTitles(sub)).toContain('Daily salary contract ended by the operator');
    expect(await inboxTitles(top)).toContain('Daily salary contract ended by the operator');

    // Ended already: refused, nothing changes, no second entry.
    const again = await admin(owner, 'POST', `/admin/api/agents/contracts/${id}/end`, {
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONTRACT_NOT_ACTIVE');
    expect(await auditsOf(database.db, 'agent.contract.operator_end', id)).toHaveLength(1);

    // A burst of ends on another contract in force: one ends it, the rest are refused.
    const other = await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: (await agent()).id,
      ratesBp: [30, 50, 80],
    });
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin(owner, 'POST', `/admin/api/agents/contracts/${other}/end`, { reason: 'burst' }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(burst.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(
      new Set(['CONTRACT_NOT_ACTIVE']),
    );
    expect(await auditsOf(database.db, 'agent.contract.operator_end', other)).toHaveLength(1);
  });

  it('answers a top-level agent termination request: accept ends it, decline keeps it', async () => {
    const top = await agent();
    const id = await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: top.id,
      ratesBp: [30, 50, 80],
    });
    // No request yet: nothing to answer.
    const early = await admin(
      owner,
      'POST',
      `/admin/api/agents/contracts/${id}/termination/accept`,
      {},
    );
    expect(early.json().code).toBe('CONTRACT_NO_TERMINATION_REQUEST');

    const asked = await asAgent('POST', `/wps/relay/contracts/${id}/termination`, top);
    expect(asked.statusCode).toBe(200);
    expect(await listed(id, top.username)).toMatchObject({
      status: 'active',
      pendingRequest: { type: 'termination', requestedBy: 'downline' },
    });
    expect(await auditsOf(database.db, 'agent.contract.termination_request', id)).toHaveLength(1);

    const declined = await admin(
      owner,
      'POST',
      `/admin/api/agents/contracts/${id}/termination/reject`,
      { reason: 'Keep it until month end' },
    );
    expect(declined.statusCode).toBe(200);
    expect(declined.json().value).toMatchObject({ status: 'active', pendingRequest: null });
    expect(live).toContainEqual({
      memberId: top.id,
      action: 'termination_rejected',
      contractId: id,
    });
    expect(await inboxTitles(top)).toContain('Contract termination declined');

    // The agent asks again; the operator accepts: terminated as requested by the downline.
    expect((await asAgent('POST', `/wps/relay/contracts/${id}/termination`, top)).statusCode).toBe(
      200,
    );
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin(owner, 'POST', `/admin/api/agents/contracts/${id}/termination/accept`, {}),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
      Array(4).fill('CONTRACT_NOT_ACTIVE'),
    );
    const row = await contractRow(id);
    expect(row).toMatchObject({ status: 'terminated', endReason: 'requested_by_downline' });
    expect(
      await auditsOf(database.db, 'agent.contract.operator_termination_accept', id),
    ).toHaveLength(1);
    expect(
      await auditsOf(database.db, 'agent.contract.operator_termination_reject', id),
    ).toHaveLength(1);
    expect(live).toContainEqual({ memberId: top.id, action: 'terminated', contractId: id });
  });

  it('answers only requests on contracts it offered', async () => {
    const { sub, id } = await subAgentOnDailySalary();
    expect((await asAgent('POST', `/wps/relay/contracts/${id}/termination`, sub)).statusCode).toBe(
      200,
    );
    const res = await admin(
      owner,
      'POST',
      `/admin/api/agents/contracts/${id}/termination/accept`,
      {},
    );
    expect(res.json().code).toBe('CONTRACT_NOT_OPERATOR_OFFERED');
    expect((await contractRow(id)).status).toBe('active');
  });

  it('withdraws an offer still open, once under a burst; an agent withdraws its own', async () => {
    const top = await agent();
    const offered = await admin(owner, 'POST', '/admin/api/agents/contracts', {
      username: top.username,
      type: 'hourly_salary',
      ratesBp: [20, 30],
    });
    expect(offered.statusCode).toBe(200);
    const id = offered.json().value.id as number;
    expect(offered.json().value.pendingRequest).toMatchObject({
      type: 'new',
      requestedBy: 'operator',
    });
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin(owner, 'POST', `/admin/api/agents/contracts/${id}/withdraw`, {}),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(burst.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(
      new Set(['CONTRACT_NOT_PENDING']),
    );
    expect(await contractRow(id)).toMatchObject({
      status: 'rejected',
      endReason: 'withdrawn_by_operator',
    });
    expect(await auditsOf(database.db, 'agent.contract.operator_withdraw', id)).toHaveLength(1);
    expect(live).toContainEqual({ memberId: top.id, action: 'offer_withdrawn', contractId: id });
    // The agent can no longer accept it.
    const accept = await asAgent('POST', `/wps/relay/contracts/${id}/accept`, top, {});
    expect(accept.json().code).toBe('CONTRACT_NOT_PENDING');

    // Agent side: an upline withdraws its own offer; the downline cannot, nor can it twice.
    await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: top.id,
      ratesBp: [30, 50, 80],
    });
    const sub = await agent({ type: 2, under: top });
    const own = await asAgent('POST', '/wps/relay/contracts', top, {
      username: sub.username,
      type: 'daily_salary',
      ratesBp: [10, 20, 30],
    });
    const ownId = own.json().value.id as number;
    const byDownline = await asAgent('POST', `/wps/relay/contracts/${ownId}/withdraw`, sub);
    expect(byDownline.json().code).toBe('FORBIDDEN');
    const withdrawn = await asAgent('POST', `/wps/relay/contracts/${ownId}/withdraw`, top);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().value).toMatchObject({ status: 'rejected', endReason: 'withdrawn' });
    const twice = await asAgent('POST', `/wps/relay/contracts/${ownId}/withdraw`, top);
    expect(twice.json().code).toBe('CONTRACT_NOT_PENDING');
    const [audit] = await auditsOf(database.db, 'agent.contract.withdraw', ownId);
    expect(audit).toMatchObject({ actorType: 'member', actorId: String(top.id) });
    expect(await inboxTitles(sub)).toContain('Daily salary contract offer withdrawn');
  });

  it('resets a dividend carry to 0 with a reason, audited with the old value', async () => {
    const top = await agent();
    const [dividend] = await database.db
      .insert(agentContracts)
      .values({
        merchantId: MERCHANT_ID,
        kind: 'dividend',
        period: 'W',
        uplineId: null,
        downlineId: top.id,
        terms: { ratesBp: [2000, 3000, 4000] },
        status: 'active',
        acceptedAt: new Date(),
        carry: -2_000_000n,
      })
      .returning({ id: agentContracts.id });
    const id = dividend!.id;
    expect(await listed(id, top.username)).toMatchObject({ carry: '-20000.00' });

    const noReason = await admin(
      owner,
      'POST',
      `/admin/api/agents/contracts/${id}/carry/reset`,
      {},
    );
    expect(noReason.statusCode).toBe(400);
    expect((await contractRow(id)).carry).toBe(-2_000_000n);

    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin(owner, 'POST', `/admin/api/agents/contracts/${id}/carry/reset`, {
          reason: 'Goodwill after the outage week',
        }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(burst.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(
      new Set(['CONTRACT_CARRY_ZERO']),
    );
    expect((await contractRow(id)).carry).toBe(0n);
    const audits = await auditsOf(database.db, 'agent.contract.carry_reset', id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ carry: '-20000.00' });
    expect(audits[0]!.after).toMatchObject({
      carry: '0.00',
      reason: 'Goodwill after the outage week',
    });
    expect(live).toContainEqual({ memberId: top.id, action: 'carry_reset', contractId: id });

    // A salary contract has no carry.
    const salary = await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: (await agent()).id,
      ratesBp: [30, 50, 80],
    });
    const wrong = await admin(owner, 'POST', `/admin/api/agents/contracts/${salary}/carry/reset`, {
      reason: 'x',
    });
    expect(wrong.json().code).toBe('CONTRACT_NOT_DIVIDEND');
  });

  it('refuses a read-only operator, an agent and a foreign id, changing nothing', async () => {
    const top = await agent();
    const id = await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: top.id,
      ratesBp: [30, 50, 80],
    });
    const paths = ['end', 'termination/accept', 'termination/reject', 'withdraw', 'carry/reset'];
    for (const path of paths) {
      const refused = await admin(readOnly, 'POST', `/admin/api/agents/contracts/${id}/${path}`, {
        reason: 'no',
      });
      expect([refused.statusCode, refused.json().code], path).toEqual([403, 'FORBIDDEN']);
    }
    // The read-only role still reads the list.
    expect((await admin(readOnly, 'GET', '/admin/api/agents/contracts')).statusCode).toBe(200);

    for (const path of paths) {
      const byAgent = await app.inject({
        method: 'POST',
        url: `/admin/api/agents/contracts/${id}/${path}`,
        headers: { authorization: `Bearer ${top.token}` },
        payload: { reason: 'mine' },
      });
      expect([byAgent.statusCode, byAgent.json().code], path).toEqual([401, 'NOT_LOGGED_IN']);
    }

    const unknown = await admin(owner, 'POST', '/admin/api/agents/contracts/99999999/end', {
      reason: 'x',
    });
    expect(unknown.json().code).toBe('CONTRACT_NOT_FOUND');
    expect((await contractRow(id)).status).toBe('active');
    expect(await auditsOf(database.db, 'agent.contract.operator_end', id)).toHaveLength(0);
  });
});
