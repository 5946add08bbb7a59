import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { members } from '../../src/db/schema/index.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

type Account = { token: string; id: number; username: string };

/**
 * Referral (SPEC sections 2, 3 and 6): agents always, members while the merchant's REFERRAL
 * switch is on, have a code; registering with it records the referrer; each sees only its own
 * referrals, masked.
 */
describe.each(testDatabases)('referral on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let owner: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: api.headers(token) });

  async function account(fields: Record<string, unknown> = {}, type?: number): Promise<Account> {
    const res = await api.register(fields);
    expect(res.json().success, res.body).toBe(true);
    const id = res.json().value.user.id as number;
    if (type !== undefined) {
      await database.db.update(members).set({ type }).where(eq(members.id, id));
    }
    const [row] = await database.db.select().from(members).where(eq(members.id, id));
    return { token: res.json().value.token as string, id, username: row!.username };
  }

  const setReferral = (enabled: boolean) =>
    adminApi(app)(owner, 'PUT', '/admin/api/system/whitelabel', {
      switches: [{ code: 'REFERRAL', enabled }],
    });

  const referrerOf = async (id: number) =>
    (await database.db.select().from(members).where(eq(members.id, id)))[0]!.referrerId;

  const promo = async (token?: string) =>
    (await get('/wps/relay/publicState', token)).json().value.availablePromo.REFERRAL.enabled;

  it('gives an agent a code, records who registers with it and lists them masked', async () => {
    const agent = await account({}, 1);
    expect(await promo(agent.token)).toBe(true);
    const info = await get('/wps/relay/referral', agent.token);
    expect(info.statusCode).toBe(200);
    const code = info.json().value.referralCode as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(info.json().value.referredCount).toBe(0);
    // The same code every time.
    expect((await get('/wps/relay/referral', agent.token)).json().value.referralCode).toBe(code);

    // Codes are read without regard to case, as a person types them.
    const friend = await account({ referralCode: code.toLowerCase() });
    expect(await referrerOf(friend.id)).toBe(agent.id);
    const second = await account({ referralCode: code });
    const list = await get('/wps/relay/referral/members?pageSize=1', agent.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().value).toMatchObject({ pageNum: 1, totalPages: 2, totalElements: 2 });
    const [newest] = list.json().value.content as { account: string; registeredAt: string }[];
    expect(newest!.account).toBe(`${second.username.slice(0, 2)}***${second.username.slice(-2)}`);
    expect(newest!.account).not.toContain(second.username);
    expect((await get('/wps/relay/referral', agent.token)).json().value.referredCount).toBe(2);
  });

  it('refuses an unknown code and creates nothing', async () => {
    const before = (await database.db.select({ n: count() }).from(members))[0]!.n;
    const res = await api.register({ referralCode: 'NOSUCH22' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVITATION_CODE_ERROR');
    expect((await database.db.select({ n: count() }).from(members))[0]!.n).toBe(before);
  });

  it('opens the page to members only while the promotion is on; each sees only its own', async () => {
    expect((await setReferral(false)).statusCode).toBe(200);
    const member = await account();
    expect(await promo(member.token)).toBe(false);
    expect(await promo()).toBe(false);
    for (const url of ['/wps/relay/referral', '/wps/relay/referral/members']) {
      const res = await get(url, member.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FUNCTION_NOT_ENABLED');
    }

    // The operator turns the promotion on (audited): the member gets its page and a code.
    expect((await setReferral(true)).statusCode).toBe(200);
    expect(
      (await auditsOf(database.db, 'system.whitelabel_update', MERCHANT_ID)).at(-1)!.after,
    ).toEqual({ REFERRAL: true });
    expect(await promo(member.token)).toBe(true);
    const code = (await get('/wps/relay/referral', member.token)).json().value.referralCode;
    const friend = await account({ referralCode: code });
    expect(await referrerOf(friend.id)).toBe(member.id);

    // Another member's list holds its own referrals only.
    const other = await account();
    const otherList = await get('/wps/relay/referral/members', other.token);
    expect(otherList.json().value.totalElements).toBe(0);
    const mine = await get('/wps/relay/referral/members', member.token);
    expect(mine.json().value.totalElements).toBe(1);

    // Off again: a member's code no longer registers anyone, and the page is closed.
    await setReferral(false);
    const refused = await api.register({ referralCode: code });
    expect(refused.json().code).toBe('INVITATION_CODE_ERROR');
    expect((await get('/wps/relay/referral', member.token)).statusCode).toBe(403);
  });

  it('keeps visitors and trial accounts out', async () => {
    expect((await get('/wps/relay/referral')).json().code).toBe('NOT_LOGGED_IN');
    const trial = await api.trialToken();
    for (const url of ['/wps/relay/referral', '/wps/relay/referral/members']) {
      const res = await get(url, trial);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
    }
    expect(await promo(trial)).toBe(false);
  });
});
