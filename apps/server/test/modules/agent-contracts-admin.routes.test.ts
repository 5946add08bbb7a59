import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { members } from '../../src/db/schema/index.js';
import { openSession } from '../../src/modules/auth/session.service.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { createMember, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER } from '../support/member-api.js';
import { signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const AGENT = 1;

/**
 * The operator's side of agent contracts (decision 014) through HTTP: the merchant's tier tables
 * and offers to top-level agents, which the agent accepts in its own API.
 */
describe.each(testDatabases)('back-office agent contracts on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  let owner: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    call = adminApi(app);
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function agentToken(memberId: number): Promise<string> {
    const [row] = await database.db.select().from(members).where(eq(members.id, memberId));
    return openSession(
      database.db,
      { idleMinutes: 60, absoluteHours: 1 },
      { member: row!, method: 'password', ip: '127.0.0.1', userAgent: 'test' },
    );
  }

  const usernameOf = async (id: number) =>
    (await database.db.select().from(members).where(eq(members.id, id)))[0]!.username;

  it('changes the tier tables, audited, and refuses tables that go down', async () => {
    const before = (await call(owner, 'GET', '/admin/api/agents/contract-settings')).json().value;
    expect(before.dailySalaryTiers).toHaveLength(3);
    const changed = {
      ...before,
      dailySalaryTiers: [
        ...before.dailySalaryTiers,
        { minValidBet: '5000000.00', minActiveMembers: 60, maxRateBp: 100 },
      ],
    };
    const res = await call(owner, 'PUT', '/admin/api/agents/contract-settings', changed);
    expect(res.statusCode).toBe(200);
    const now = (await call(owner, 'GET', '/admin/api/agents/contract-settings')).json().value;
    expect(now.dailySalaryTiers[3]).toEqual({
      minValidBet: '5000000.00',
      minActiveMembers: 60,
      maxRateBp: 100,
    });
    const audits = await auditsOf(database.db, 'agent.contract_settings.update', MERCHANT_ID);
    expect(audits.at(-1)?.after).toMatchObject({ dailySalaryTiers: now.dailySalaryTiers });

    // A higher tier with a lower maximum is refused, and nothing changes.
    const wrong = {
      ...now,
      dailySalaryTiers: [
        { minValidBet: '1000.00', minActiveMembers: 3, maxRateBp: 50 },
        { minValidBet: '2000.00', minActiveMembers: 5, maxRateBp: 40 },
      ],
    };
    const refused = await call(owner, 'PUT', '/admin/api/agents/contract-settings', wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_ERROR');
    const after = (await call(owner, 'GET', '/admin/api/agents/contract-settings')).json().value;
    expect(after).toEqual(now);
    // Back to the defaults the other tests expect.
    await call(owner, 'PUT', '/admin/api/agents/contract-settings', before);
  });

  it('offers a top-level agent a contract, which the agent accepts in its centre', async () => {
    const top = await createMember(database.db, { type: AGENT });
    const username = await usernameOf(top);
    const offered = await call(owner, 'POST', '/admin/api/agents/contracts', {
      username,
      type: 'daily_salary',
      ratesBp: [30, 45, 80],
    });
    expect(offered.statusCode).toBe(200);
    const contract = offered.json().value;
    expect(contract).toMatchObject({ status: 'offered', upline: null, downline: username });
    expect((await auditsOf(database.db, 'agent.contract.offer', contract.id)).length).toBe(1);

    // A second offer of the type waits for the first answer.
    const again = await call(owner, 'POST', '/admin/api/agents/contracts', {
      username,
      type: 'daily_salary',
      ratesBp: [30, 45, 80],
    });
    expect(again.json().code).toBe('CONTRACT_REQUEST_PENDING');

    const token = await agentToken(top);
    const accepted = await app.inject({
      method: 'POST',
      url: `/wps/relay/contracts/${contract.id}/accept`,
      headers: { merchant: 'demo', authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
    const list = (
      await call(owner, 'GET', `/admin/api/agents/contracts?username=${username}`)
    ).json().value;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: contract.id,
      status: 'active',
      ratesBp: [30, 45, 80],
    });
  });

  it('refuses offers to agents below an agent, to members and above the maxima', async () => {
    const top = await createMember(database.db, { type: AGENT });
    const sub = await createMember(database.db, { type: AGENT, uplineId: top });
    // A member at the top (no agent above it) is not an agent.
    const player = await createMember(database.db);
    const offer = async (id: number, ratesBp: number[]) =>
      (
        await call(owner, 'POST', '/admin/api/agents/contracts', {
          username: await usernameOf(id),
          type: 'daily_salary',
          ratesBp,
        })
      ).json().code;
    expect(await offer(sub, [10, 20, 30])).toBe('CONTRACT_NOT_DIRECT_DOWNLINE');
    expect(await offer(player, [10, 20, 30])).toBe('CONTRACT_NOT_AGENT');
    expect(await offer(top, [10, 20, 81])).toBe('CONTRACT_RATE_OUT_OF_RANGE');
    const { total } = (
      await call(owner, 'GET', `/admin/api/agents/contracts?username=${await usernameOf(top)}`)
    ).json().value;
    expect(total).toBe(0);
  });
});
