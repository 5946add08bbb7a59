import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { affiliateCodes, members } from '../../src/db/schema/index.js';
import { auditsOf } from '../support/admin-api.js';
import { activeDailySalary } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import { fund } from '../support/ledger.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

type Account = { token: string; id: number; username: string };

const PASSWORD = 'Secret#2026pw';

/** The agent centre's registerCenter and downline manager through HTTP (issue 8). */
describe.each(testDatabases)('agent team on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: api.headers(token),
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });

  let seq = 0;
  const uniqueName = (prefix: string) =>
    `${prefix}${Date.now().toString(36).slice(-4)}${(seq += 1)}`;

  /** A registered agent at the top of a tree. */
  async function agent(type = 1): Promise<Account> {
    const registered = (await api.register()).json().value;
    await database.db.update(members).set({ type }).where(eq(members.id, registered.user.id));
    return {
      token: registered.token as string,
      id: registered.user.id as number,
      username: registered.user.account as string,
    };
  }

  /** A downline account created by `upline` through the registerCenter. */
  async function create(upline: Account, type: 'member' | 'agent', username = uniqueName('dl')) {
    const res = await call('POST', '/wps/agent/downlines', upline.token, {
      username,
      password: PASSWORD,
      type,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { id: number; account: string };
  }

  /** Accounts whose agent-chosen password was changed at first login, with the new one. */
  const changed = new Map<string, string>();

  /**
   * Logs in; an account the agent created must change its password first (issue 18), which
   * this does through the API as its member would.
   */
  async function logIn(username: string): Promise<Account> {
    const res = await api.login(username, changed.get(username.toLowerCase()) ?? PASSWORD);
    expect(res.json().success, res.body).toBe(true);
    const value = res.json().value;
    if (value.passwordExpired) {
      const newPassword = 'Own#2026password';
      const change = await api.sealed(
        'POST',
        '/wps/member/password',
        { oldPassword: PASSWORD, newPassword, confirmNewPassword: newPassword },
        value.token,
      );
      expect(change.json().success, change.body).toBe(true);
      changed.set(username.toLowerCase(), newPassword);
    }
    return { token: value.token, id: value.user.id, username: value.user.account };
  }

  const list = async (who: Account, query = '') => {
    const res = await call('GET', `/wps/agent/downlines${query}`, who.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  it('lists the direct downline by default and every level with depth=all', async () => {
    const a = await agent();
    const b = await create(a, 'agent');
    const p = await create(a, 'member');
    const bToken = await logIn(b.account);
    const c = await create(bToken, 'member');
    await fund(database.db, p.id, 123_450n);
    await activeDailySalary(database.db, {
      uplineId: a.id,
      downlineId: b.id,
      ratesBp: [10, 20, 30],
    });

    const direct = await list(a);
    expect(direct).toMatchObject({ currency: 'PHP', totalElements: 2, totalPages: 1 });
    expect(direct.content).toEqual([
      expect.objectContaining({
        id: b.id,
        account: b.account,
        type: 'agent',
        level: 1,
        status: 'active',
        mainBalance: '0.00',
        contracts: ['daily_salary'],
      }),
      expect.objectContaining({
        id: p.id,
        type: 'member',
        level: 1,
        mainBalance: '1234.50',
        contracts: [],
        lastLoginAt: null,
      }),
    ]);
    expect(Date.parse(direct.content[0].lastLoginAt)).not.toBeNaN();
    expect(Date.parse(direct.content[0].registeredAt)).not.toBeNaN();

    const all = await list(a, '?depth=all');
    expect(all.totalElements).toBe(3);
    expect(all.content.map((row: { id: number; level: number }) => [row.id, row.level])).toEqual([
      [b.id, 1],
      [p.id, 1],
      [c.id, 2],
    ]);
    // The sub-agent sees only its own team; the agent above is not in it.
    expect((await list(bToken, '?depth=all')).content.map((r: { id: number }) => r.id)).toEqual([
      c.id,
    ]);
  });

  it('searches by account, filters by type and status, and pages', async () => {
    const a = await agent();
    const prefix = uniqueName('pg');
    const made = [];
    for (let i = 0; i < 5; i += 1)
      made.push(await create(a, i === 4 ? 'agent' : 'member', `${prefix}x${i}`));
    await create(a, 'member');
    await database.db.update(members).set({ status: 'locked' }).where(eq(members.id, made[1]!.id));

    const searched = await list(a, `?account=${prefix.toUpperCase()}&pageSize=2&pageNum=2`);
    expect(searched).toMatchObject({ totalElements: 5, totalPages: 3, pageNum: 2, pageSize: 2 });
    expect(searched.content.map((r: { id: number }) => r.id)).toEqual([made[2]!.id, made[3]!.id]);

    const agents = await list(a, '?type=agent');
    expect(agents.content.map((r: { id: number }) => r.id)).toEqual([made[4]!.id]);
    const locked = await list(a, '?status=locked');
    expect(locked.content.map((r: { id: number }) => r.id)).toEqual([made[1]!.id]);
    expect((await list(a, '?account=nobodylikethis')).totalElements).toBe(0);
  });

  it('creates member and agent accounts that log in, sit under the caller and are audited', async () => {
    const a = await agent();
    const memberName = uniqueName('Mem');
    const created = await call('POST', '/wps/agent/downlines', a.token, {
      username: memberName,
      password: PASSWORD,
      type: 'member',
      nickname: 'Kuya',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().value).toMatchObject({
      account: memberName.toLowerCase(),
      nickname: 'Kuya',
      type: 'member',
      memberType: 0,
      level: 1,
      mainBalance: '0.00',
    });
    const agentAccount = await create(a, 'agent');

    const member = await logIn(memberName);
    const info = (await call('GET', '/wps/member/info', member.token)).json().value;
    expect(info).toMatchObject({ account: memberName.toLowerCase(), nickname: 'Kuya' });
    // The new member is a plain member: the agent centre refuses it.
    const refused = await call('GET', '/wps/agent/downlines', member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    // The new sub-agent is an agent: it may use the centre.
    const subAgent = await logIn(agentAccount.account);
    expect((await list(subAgent)).totalElements).toBe(0);

    expect((await list(a)).content.map((r: { id: number }) => r.id)).toEqual([
      member.id,
      agentAccount.id,
    ]);
    const audits = await auditsOf(database.db, 'agent.downline_created', member.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorId).toBe(String(a.id));
  });

  it('refuses a taken username or a weak password and writes nothing', async () => {
    const a = await agent();
    const other = await agent();
    const count = async () => (await database.db.select({ id: members.id }).from(members)).length;
    const before = await count();

    const taken = await call('POST', '/wps/agent/downlines', a.token, {
      username: other.username.toUpperCase(),
      password: PASSWORD,
      type: 'member',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');

    const weak = await call('POST', '/wps/agent/downlines', a.token, {
      username: uniqueName('weak'),
      password: 'password',
      type: 'member',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_ERROR');

    expect(await count()).toBe(before);
    expect((await list(a)).totalElements).toBe(0);
  });

  it('creates an affiliate link that registers under the caller and is counted', async () => {
    const a = await agent();
    const created = await call('POST', '/wps/agent/affiliate-links', a.token);
    expect(created.statusCode, created.body).toBe(200);
    const { code } = created.json().value as { code: string };
    expect(created.json().value).toMatchObject({ code, registrations: 0 });

    const check = await call('POST', '/wps/agent/affiliate', undefined, { code });
    expect(check.json()).toMatchObject({ success: true, value: { code, valid: true } });
    const registered = (await api.register({ affiliateCode: code })).json();
    expect(registered.success).toBe(true);

    const links = (await call('GET', '/wps/agent/affiliate-links', a.token)).json().value;
    expect(links).toEqual([expect.objectContaining({ code, registrations: 1 })]);
    expect((await list(a)).content).toEqual([
      expect.objectContaining({ id: registered.value.user.id, type: 'member', level: 1 }),
    ]);
  });

  it("keeps one agent's team and links from another, answering not found", async () => {
    const a = await agent();
    const b = await agent(41);
    const downline = await create(a, 'member');
    const { code } = (await call('POST', '/wps/agent/affiliate-links', a.token)).json().value;

    expect((await call('GET', '/wps/agent/affiliate-links', b.token)).json().value).toEqual([]);
    expect((await list(b, '?depth=all')).totalElements).toBe(0);

    const detail = await call('GET', `/wps/agent/downlines/${downline.id}`, b.token);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().code).toBe('DOWNLINE_NOT_FOUND');
    const own = await call('GET', `/wps/agent/downlines/${downline.id}`, a.token);
    expect(own.json().value).toMatchObject({ id: downline.id, level: 1 });
    const self = await call('GET', `/wps/agent/downlines/${a.id}`, a.token);
    expect(self.json().code).toBe('DOWNLINE_NOT_FOUND');

    const stolen = await call('DELETE', `/wps/agent/affiliate-links/${code}`, b.token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('NOT_FOUND');
    const stillThere = await database.db
      .select()
      .from(affiliateCodes)
      .where(eq(affiliateCodes.code, code));
    expect(stillThere).toHaveLength(1);

    const deleted = await call('DELETE', `/wps/agent/affiliate-links/${code}`, a.token);
    expect(deleted.json()).toEqual({ success: true, value: { code, deleted: true } });
    const check = await call('POST', '/wps/agent/affiliate', undefined, { code });
    expect(check.json().code).toBe('INVITATION_CODE_ERROR');
    expect((await call('GET', '/wps/agent/affiliate-links', a.token)).json().value).toEqual([]);
  });

  it('refuses plain members and trial accounts on every route', async () => {
    const member = (await api.register()).json().value.token as string;
    const trial = await api.trialToken();
    for (const [method, url] of [
      ['GET', '/wps/agent/downlines'],
      ['POST', '/wps/agent/downlines'],
      ['GET', '/wps/agent/affiliate-links'],
      ['POST', '/wps/agent/affiliate-links'],
      ['DELETE', '/wps/agent/affiliate-links/ABCDEFGH'],
    ] as const) {
      const res = await call(method, url, member, { username: 'x', password: 'y', type: 'member' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      const asTrial = await call(method, url, trial, {});
      expect(asTrial.statusCode, `${method} ${url}`).toBe(403);
      expect(asTrial.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
    }
  });
});
