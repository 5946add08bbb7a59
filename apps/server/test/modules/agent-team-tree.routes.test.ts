import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { members } from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { createMember } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';

let sequence = 0;
const name = (label: string) =>
  `${label}${Date.now().toString(36).slice(-5)}${(sequence += 1)}`.toLowerCase();

/** The agent centre's team hierarchy through HTTP (issue 18): own downline only, lazily, paged. */
describe.each(testDatabases)('agent team hierarchy on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  // A -> S (sub-agent) -> { s1, S2 (sub-agent) -> s21 }; A -> m1, m2; B -> b1.
  const ids = { a: 0, s: 0, s1: 0, s2: 0, s21: 0, m1: 0, m2: 0, b: 0, b1: 0 };
  const names: Record<keyof typeof ids, string> = {} as never;
  let tokenA: string;
  let tokenB: string;

  const get = (url: string, token: string | undefined) =>
    app.inject({ method: 'GET', url, headers: api.headers(token) });
  const value = async (url: string, token: string) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  async function agent(): Promise<{ token: string; id: number; account: string }> {
    const { token, user } = (await api.register()).json().value;
    await database.db.update(members).set({ type: 1 }).where(eq(members.id, user.id));
    return { token, id: user.id as number, account: user.account as string };
  }

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    const db = database.db;
    const a = await agent();
    const b = await agent();
    ({ token: tokenA, id: ids.a } = a);
    ({ token: tokenB, id: ids.b } = b);
    names.a = a.account;
    names.b = b.account;
    const add = async (key: keyof typeof ids, upline: number, type = 0) => {
      names[key] = name(key);
      ids[key] = await createMember(db, { uplineId: upline, type, username: names[key] });
    };
    await add('s', ids.a, 2);
    await add('m1', ids.a);
    await add('m2', ids.a);
    await add('s1', ids.s);
    await add('s2', ids.s, 2);
    await add('s21', ids.s2);
    await add('b1', ids.b);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('shows the caller’s direct downline with direct counts and team sizes', async () => {
    const root = await value('/wps/agent/team/tree', tokenA);
    expect(root.parent).toEqual({
      id: ids.a,
      account: names.a,
      type: 'agent',
      level: 0,
      directCount: 3,
      teamSize: 6,
    });
    expect(root.content).toEqual([
      { id: ids.s, account: names.s, type: 'agent', level: 1, directCount: 2, teamSize: 3 },
      { id: ids.m1, account: names.m1, type: 'member', level: 1, directCount: 0, teamSize: 0 },
      { id: ids.m2, account: names.m2, type: 'member', level: 1, directCount: 0, teamSize: 0 },
    ]);
    expect(root).toMatchObject({ pageNum: 1, pageSize: 20, totalElements: 3, totalPages: 1 });
  });

  it('expands a node of any level below the caller', async () => {
    const s = await value(`/wps/agent/team/tree?parentId=${ids.s}`, tokenA);
    expect(s.parent).toMatchObject({ id: ids.s, level: 1, teamSize: 3 });
    expect(s.content.map((n: { id: number; level: number }) => [n.id, n.level])).toEqual([
      [ids.s1, 2],
      [ids.s2, 2],
    ]);
    const s2 = await value(`/wps/agent/team/tree?parentId=${ids.s2}`, tokenA);
    expect(s2.content).toEqual([
      { id: ids.s21, account: names.s21, type: 'member', level: 3, directCount: 0, teamSize: 0 },
    ]);
    const leaf = await value(`/wps/agent/team/tree?parentId=${ids.s21}`, tokenA);
    expect(leaf).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('pages a large level', async () => {
    const first = await value('/wps/agent/team/tree?pageSize=2', tokenA);
    expect(first.content.map((n: { id: number }) => n.id)).toEqual([ids.s, ids.m1]);
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2 });
    const second = await value('/wps/agent/team/tree?pageSize=2&pageNum=2', tokenA);
    expect(second.content.map((n: { id: number }) => n.id)).toEqual([ids.m2]);
    const past = await value('/wps/agent/team/tree?pageSize=2&pageNum=3', tokenA);
    expect(past.content).toEqual([]);
    expect((await get('/wps/agent/team/tree?pageSize=101', tokenA)).statusCode).toBe(400);
  });

  it('refuses another agent’s node, its upline and an unknown id alike', async () => {
    for (const parentId of [ids.b, ids.b1, 99_999_999]) {
      const res = await get(`/wps/agent/team/tree?parentId=${parentId}`, tokenA);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('DOWNLINE_NOT_FOUND');
    }
    // A sub-agent's view stops at itself: its upline is not its downline.
    const subAgent = await get(`/wps/agent/team/tree?parentId=${ids.a}`, tokenB);
    expect(subAgent.json().code).toBe('DOWNLINE_NOT_FOUND');
    const b = await value('/wps/agent/team/tree', tokenB);
    expect(b.content.map((n: { id: number }) => n.id)).toEqual([ids.b1]);
  });

  it('finds an account by username with the path down to it', async () => {
    const found = await value(`/wps/agent/team/tree/search?account=${names.s21}`, tokenA);
    expect(found.node).toMatchObject({ id: ids.s21, level: 3 });
    expect(found.path.map((n: { id: number; level: number }) => [n.id, n.level])).toEqual([
      [ids.a, 0],
      [ids.s, 1],
      [ids.s2, 2],
    ]);
    const upper = await value(
      `/wps/agent/team/tree/search?account=${names.m1.toUpperCase()}`,
      tokenA,
    );
    expect(upper.path.map((n: { id: number }) => n.id)).toEqual([ids.a]);
    for (const account of [names.b1, names.a, 'nobody-here']) {
      const res = await get(`/wps/agent/team/tree/search?account=${account}`, tokenA);
      expect(res.json().code).toBe('DOWNLINE_NOT_FOUND');
    }
  });

  it('refuses members and visitors', async () => {
    const member = await app.inject({
      method: 'GET',
      url: '/wps/agent/team/tree',
      headers: api.headers((await api.register()).json().value.token),
    });
    expect(member.json().code).toBe('FORBIDDEN');
    expect((await get('/wps/agent/team/tree', undefined)).json().code).toBe('NOT_LOGGED_IN');
  });
});
