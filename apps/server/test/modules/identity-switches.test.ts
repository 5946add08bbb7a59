import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  kycProfiles,
  members,
  restrictedPersons,
  riskQueueItems,
} from '../../src/db/schema/index.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { KYC_INFO_REQUEST, saveKycInfo } from '../support/kyc.js';
import { randomIp, type MemberApi } from '../support/member-api.js';
import { signInOperator } from '../support/operator-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

type Account = { token: string; id: number; username: string };

const PASSWORD = 'Secret#2026pw';
const HEADER = 'full_name,birthday,id_number,category,source';

/** Every member-API operation of docs/openapi.json, as "METHOD /path" with sample params. */
function memberOperations(): { method: string; url: string; key: string }[] {
  const doc = JSON.parse(
    readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8'),
  ) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/wps/'))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '1'),
        key: `${method.toUpperCase()} ${path}`,
      })),
    );
}

/**
 * Issue 18, identity and switches: restricted persons refused at login on every fact held (KYC
 * included), the list import re-checking members onto the risk queue, AGENTPOLICY3 closing the
 * agent doors, agent-created accounts changing the agent's password first, and announcements
 * for agents.
 */
describe.each(testDatabases)('identity and switches on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let admin: ReturnType<typeof adminApi>;
  let risk: string;
  let owner: string;
  let marketing: string;
  let seq = 0;
  const tag = () => `${Date.now().toString(36).slice(-5)}${(seq += 1)}`;
  /** Letters only (KYC names take no digits). */
  const letters = () =>
    tag()
      .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)
      .toUpperCase();

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    admin = adminApi(app);
    risk = await signInOperator(app, database.db, { role: 'risk_kyc', merchantId: MERCHANT_ID });
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    marketing = await signInOperator(app, database.db, {
      role: 'marketing',
      merchantId: MERCHANT_ID,
    });
  });
  afterAll(() => closeTestApp(app, database));

  const call = (method: string, url: string, token?: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: api.headers(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function member(): Promise<Account> {
    const value = (await api.register()).json().value;
    return { token: value.token, id: value.user.id, username: value.user.account };
  }

  async function agent(): Promise<Account> {
    const account = await member();
    await database.db.update(members).set({ type: 1 }).where(eq(members.id, account.id));
    return account;
  }

  const importCsv = (lines: string[]) =>
    admin(risk, 'POST', '/admin/api/risk/restricted-persons/import', {
      csv: [HEADER, ...lines].join('\n'),
    });

  /** The list's entries under a name (stored normalised: upper case). */
  const listedAs = (name: string) =>
    database.db
      .select()
      .from(restrictedPersons)
      .where(
        and(
          eq(restrictedPersons.merchantId, MERCHANT_ID),
          eq(restrictedPersons.fullName, name.toUpperCase()),
        ),
      );

  const queueOf = async (memberId: number) =>
    (await admin(risk, 'GET', '/admin/api/risk/queue?size=100'))
      .json()
      .value.items.filter((item: { member: { id: number } }) => item.member.id === memberId);

  describe('restricted persons', () => {
    it('refuses the login of a person matched only by the KYC name and birthday, and ends their sessions', async () => {
      const person = await member();
      const name = `Jose ${letters()} Pena`;
      // The profile holds nothing; the KYC submission holds the name and birthday.
      await saveKycInfo(database.db, person.id, { payeeName: name, birthday: '1961-06-19' });
      // On the list (stored as the import stores names) before the KYC was sent.
      const [entry] = await database.db
        .insert(restrictedPersons)
        .values({
          merchantId: MERCHANT_ID,
          fullName: name.toUpperCase(),
          birthday: '1961-06-19',
          category: 'official',
        })
        .returning();

      const login = await api.login(person.username, PASSWORD);
      expect([login.statusCode, login.json().code]).toEqual([403, 'RESTRICTED_PERSON']);
      // The session opened at registration is gone.
      const info = await call('GET', '/wps/member/info', person.token);
      expect(info.json().code).toBe('NOT_LOGGED_IN');
      const audits = await auditsOf(
        database.db,
        'eligibility.restricted_person_refused',
        person.id,
      );
      expect(audits.at(-1)!.after).toMatchObject({
        stage: 'login',
        restrictedPersonId: entry!.id,
        matchedBy: 'name_birthday',
      });
      const queued = await queueOf(person.id);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ stage: 'login', matchedBy: 'name_birthday' });
      // A second attempt queues nothing more.
      expect((await api.login(person.username, PASSWORD)).json().code).toBe('RESTRICTED_PERSON');
      expect(await queueOf(person.id)).toHaveLength(1);
    });

    it('a KYC name with another birthday is not a match: the member logs in', async () => {
      const person = await member();
      const name = `Maria ${letters()} Clara`;
      await saveKycInfo(database.db, person.id, { payeeName: name, birthday: '1990-01-01' });
      await importCsv([`${name},1961-06-19,,official,list`]);
      const login = await api.login(person.username, PASSWORD);
      expect(login.json().success, login.body).toBe(true);
    });

    it('refuses a KYC submission whose name and birthday are listed (accents ignored)', async () => {
      const person = await member();
      const surname = letters();
      await importCsv([`"José  ${surname} Peña",1970-02-02,,npd,national database`]);
      const saved = await call('POST', '/wps/member/kyc/info', person.token, {
        ...KYC_INFO_REQUEST,
        payeename: `jose ${surname.toLowerCase()} pena`,
        birthday: '1970-02-02',
      });
      expect([saved.statusCode, saved.json().code]).toEqual([403, 'RESTRICTED_PERSON']);
      const stored = await database.db
        .select()
        .from(kycProfiles)
        .where(eq(kycProfiles.memberId, person.id));
      expect(stored).toEqual([]);
      expect((await call('GET', '/wps/member/info', person.token)).json().code).toBe(
        'NOT_LOGGED_IN',
      );
      expect(await queueOf(person.id)).toEqual([expect.objectContaining({ stage: 'kyc' })]);
    });

    it('an import re-checks existing members: audit entry, one risk item, sessions ended; twice = once', async () => {
      const byKyc = await member();
      const byId = await member();
      const bystander = await member();
      const name = `Andres ${letters()} Novales`;
      await saveKycInfo(database.db, byKyc.id, { payeeName: name, birthday: '1950-05-05' });
      const idNumber = `PH-${tag()}`;
      await database.db
        .update(members)
        .set({ profile: { idNumber: idNumber.toLowerCase().replace('-', ' ') } })
        .where(eq(members.id, byId.id));

      const lines = [
        `${name},1950-05-05,,military_police,AFP`,
        `Someone Else,,${idNumber},npd,NPD`,
      ];
      const first = await importCsv(lines);
      expect(first.json().value).toEqual({
        imported: 2,
        duplicates: 0,
        newMatches: 2,
        errors: [],
      });
      for (const matched of [byKyc, byId]) {
        const audits = await auditsOf(
          database.db,
          'eligibility.restricted_person_matched',
          matched.id,
        );
        expect(audits).toHaveLength(1);
        expect(audits[0]!.actorType).toBe('operator');
        expect(await queueOf(matched.id)).toEqual([
          expect.objectContaining({ kind: 'restricted_person_match', stage: 'import' }),
        ]);
        // Restricted at once: the session is gone and login refuses them.
        expect((await call('GET', '/wps/member/info', matched.token)).json().code).toBe(
          'NOT_LOGGED_IN',
        );
        expect((await api.login(matched.username, PASSWORD)).json().code).toBe('RESTRICTED_PERSON');
      }
      expect((await queueOf(byId.id))[0].matchedBy).toBe('id_number');
      expect((await queueOf(byKyc.id))[0].matchedBy).toBe('name_birthday');
      expect(await queueOf(bystander.id)).toEqual([]);
      expect((await call('GET', '/wps/member/info', bystander.token)).statusCode).toBe(200);

      const again = await importCsv(lines);
      expect(again.json().value).toEqual({
        imported: 0,
        duplicates: 2,
        newMatches: 0,
        errors: [],
      });
      for (const matched of [byKyc, byId]) {
        expect(await queueOf(matched.id)).toHaveLength(1);
        expect(
          await auditsOf(database.db, 'eligibility.restricted_person_matched', matched.id),
        ).toHaveLength(1);
      }
      const entries = await listedAs(name);
      expect(entries).toHaveLength(1);
      const items = await database.db
        .select()
        .from(riskQueueItems)
        .where(eq(riskQueueItems.memberId, byKyc.id));
      expect(items).toHaveLength(1);
      // The matches page uses the same matcher.
      const matches = (
        await admin(risk, 'GET', '/admin/api/risk/restricted-matches?size=100')
      ).json().value.items as { member: { id: number } }[];
      expect(matches.map((m) => m.member.id)).toEqual(expect.arrayContaining([byKyc.id, byId.id]));
      expect(matches.map((m) => m.member.id)).not.toContain(bystander.id);
    });
    it('a burst of the same import adds each entry once and matches each member once', async () => {
      const matched = await Promise.all([member(), member()]);
      const names = matched.map(() => `Bea ${letters()} Lacson`);
      await Promise.all(
        matched.map((m, i) =>
          saveKycInfo(database.db, m.id, { payeeName: names[i]!, birthday: '1961-02-03' }),
        ),
      );
      const lines = names.map((name) => `${name},1961-02-03,,npd,PNP`);
      const answers = await Promise.all(Array.from({ length: 4 }, () => importCsv(lines)));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      const values = answers.map(
        (res) => res.json().value as { imported: number; duplicates: number; newMatches: number },
      );
      const total = (key: 'imported' | 'duplicates' | 'newMatches') =>
        values.reduce((sum, value) => sum + value[key], 0);
      expect([total('imported'), total('duplicates'), total('newMatches')]).toEqual([2, 6, 2]);
      for (const [i, m] of matched.entries()) {
        const entries = await listedAs(names[i]!);
        expect(entries).toHaveLength(1);
        expect(await queueOf(m.id)).toHaveLength(1);
        expect(
          await auditsOf(database.db, 'eligibility.restricted_person_matched', m.id),
        ).toHaveLength(1);
      }
    });
  });

  describe('AGENTPOLICY3', () => {
    const setPolicy = async (enabled: boolean) => {
      const res = await admin(owner, 'PUT', '/admin/api/system/whitelabel', {
        switches: [{ code: 'AGENTPOLICY3', enabled }],
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('off, every agent door refuses with FUNCTION_NOT_ENABLED; on, they open again', async () => {
      const boss = await agent();
      const plain = await member();
      // Decision 020's doors, every documented operation under them (path parameters as 1):
      // a route added to the agent centre outside the app's agent-programme scope fails here.
      const DOOR_PATHS = [
        /^\/wps\/agent\//,
        /^\/wps\/relay\/contracts(\/|$)/,
        /^\/wps\/v2\/wallets\/transfer\/downline$/,
      ];
      const doors: [string, string, unknown?][] = memberOperations()
        .filter(({ url }) => DOOR_PATHS.some((door) => door.test(url)))
        .map(({ method, url }) => [method, url]);
      expect(doors.length).toBeGreaterThan(30);
      doors.push([
        'POST',
        '/wps/agent/downlines',
        { username: `dl${tag()}`, password: PASSWORD, type: 'member' },
      ]);
      try {
        await setPolicy(false);
        for (const [method, url, body] of doors) {
          const res = await call(method, url, boss.token, body);
          expect([url, res.statusCode, res.json().code]).toEqual([
            url,
            403,
            'FUNCTION_NOT_ENABLED',
          ]);
        }
        // A member still gets the role answer, a visitor NOT_LOGGED_IN: the role check comes first.
        expect((await call('GET', '/wps/agent/downlines', plain.token)).json().code).toBe(
          'FORBIDDEN',
        );
        expect((await call('GET', '/wps/agent/downlines')).json().code).toBe('NOT_LOGGED_IN');
        // The agent area's login is closed; the member area's stays open to the agent.
        const agentLogin = await api.login(boss.username, PASSWORD, { area: 'agent' });
        expect(agentLogin.json().code).toBe('FUNCTION_NOT_ENABLED');
        expect((await api.login(boss.username, PASSWORD, { area: 'member' })).json().success).toBe(
          true,
        );
        // No account joins an agent's team by an affiliate code.
        const check = await call('POST', '/wps/agent/affiliate', undefined, {
          code: 'X1',
          domain: 'x',
        });
        expect(check.json().code).toBe('FUNCTION_NOT_ENABLED');
        const registered = await api.register({ affiliateCode: 'ANYCODE' });
        expect(registered.json().code).toBe('FUNCTION_NOT_ENABLED');
        expect((await call('GET', '/wps/system/whitelabel')).json().value.AGENTPOLICY3).toBe(false);
      } finally {
        await setPolicy(true);
      }
      for (const [method, url] of doors.filter(([m]) => m === 'GET')) {
        const res = await call(method, url, boss.token);
        expect([url, res.statusCode]).not.toEqual([url, 403]); // CSV exports answer no JSON
      }
      expect((await call('GET', '/wps/agent/downlines', boss.token)).statusCode).toBe(200);
      expect((await api.login(boss.username, PASSWORD, { area: 'agent' })).json().success).toBe(
        true,
      );
    });
  });

  describe('accounts an agent creates', () => {
    it('must change the agent-chosen password first: every other member route refuses until then', async () => {
      const boss = await agent();
      const username = `dl${tag()}`;
      const created = await call('POST', '/wps/agent/downlines', boss.token, {
        username,
        password: PASSWORD,
        type: 'member',
      });
      expect(created.statusCode, created.body).toBe(200);

      // The player logs in from one phone.
      api.playsFrom(username, randomIp());
      const login = await api.login(username, PASSWORD);
      expect(login.json().success, login.body).toBe(true);
      expect(login.json().value.passwordExpired).toBe(true);
      const token = login.json().value.token as string;

      // Open: member info (the change screen shows the username) and the language.
      expect((await call('GET', '/wps/member/info', token)).statusCode).toBe(200);
      expect(
        (await call('POST', '/wps/member/language', token, { language: 'TL' })).statusCode,
      ).toBe(200);
      // Every other route that needs a session answers PASSWORD_CHANGE_REQUIRED (or its role
      // answer): each member route of the API, as the visitor answer shows it needs a session.
      const open = new Set([
        'GET /wps/member/info',
        'POST /wps/member/password',
        'DELETE /wps/session/logout',
        'POST /wps/member/language',
      ]);
      const checked: string[] = [];
      for (const op of memberOperations()) {
        if (open.has(op.key) || op.url.includes('/social/')) continue;
        const anonymous = await call(
          op.method,
          op.url,
          undefined,
          op.method === 'GET' ? undefined : {},
        );
        if (anonymous.json().code !== 'NOT_LOGGED_IN') continue;
        const res = await call(op.method, op.url, token, op.method === 'GET' ? undefined : {});
        expect([op.key, res.json().code]).toEqual([
          op.key,
          expect.stringMatching(/^(PASSWORD_CHANGE_REQUIRED|FORBIDDEN)$/),
        ]);
        if (res.json().code === 'PASSWORD_CHANGE_REQUIRED') checked.push(op.key);
      }
      expect(checked).toEqual(
        expect.arrayContaining([
          'GET /wps/member/info/funds/consolidated',
          'PUT /wps/withdraw',
          'POST /wps/member/kyc/info',
          'POST /wps/game/launchGame',
        ]),
      );

      // The agent's password again is not a change.
      const same = await api.sealed(
        'POST',
        '/wps/member/password',
        { oldPassword: PASSWORD, newPassword: PASSWORD, confirmNewPassword: PASSWORD },
        token,
      );
      expect([same.json().code, same.json().value.issues[0].reason]).toEqual([
        'VALIDATION_ERROR',
        'same_as_old',
      ]);
      const own = 'Mine#2026secret';
      const changed = await api.sealed(
        'POST',
        '/wps/member/password',
        { oldPassword: PASSWORD, newPassword: own, confirmNewPassword: own },
        token,
      );
      expect(changed.json().success, changed.body).toBe(true);
      // The same session now reaches the rest.
      expect((await call('GET', '/wps/member/info/funds/consolidated', token)).statusCode).toBe(
        200,
      );
      const next = await api.login(username, own);
      expect(next.json().success, next.body).toBe(true);
      expect(next.json().value.passwordExpired).toBe(false);
      expect((await api.login(username, PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    });
  });

  describe('announcements for agents', () => {
    it('agents see the ones targeted at agents; members and visitors do not', async () => {
      const title = `Agents ${tag()}`;
      const published = await admin(marketing, 'POST', '/admin/api/content/announcements', {
        kind: 'ANNOUNCEMENT',
        type: 'PL',
        execution: 'A',
        audience: 'agents',
        language: 'EN',
        title,
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().value.audience).toBe('agents');
      const notice = await admin(marketing, 'POST', '/admin/api/content/announcements', {
        kind: 'NOTICE',
        audience: 'agents',
        language: 'EN',
        title: `${title} notice`,
      });
      expect(notice.statusCode, notice.body).toBe(200);
      const forAll = await admin(marketing, 'POST', '/admin/api/content/announcements', {
        kind: 'ANNOUNCEMENT',
        type: 'PL',
        execution: 'A',
        language: 'EN',
        title: `${title} everyone`,
      });
      expect(forAll.json().value.audience).toBe('all');

      const titles = async (url: string, token?: string) =>
        ((await call('GET', url, token)).json().value.content as { title: string }[]).map(
          (a) => a.title,
        );
      const boss = await agent();
      const plain = await member();
      const list = '/wps/relay/announcements?platform=W&pageSize=100';
      const notices = '/wps/relay/notices?platform=W&pageSize=100';
      expect(await titles(list, boss.token)).toEqual(
        expect.arrayContaining([title, `${title} everyone`]),
      );
      expect(await titles(notices, boss.token)).toContain(`${title} notice`);
      expect(await titles(list, plain.token)).toContain(`${title} everyone`);
      expect(await titles(list, plain.token)).not.toContain(title);
      expect(await titles(notices, plain.token)).not.toContain(`${title} notice`);
      expect(await titles(notices)).not.toContain(`${title} notice`);
      const id = published.json().value.id as number;
      expect((await call('GET', `/wps/relay/announcements/${id}`, boss.token)).statusCode).toBe(
        200,
      );
      expect((await call('GET', `/wps/relay/announcements/${id}`, plain.token)).statusCode).toBe(
        404,
      );
      // The home page's shared state: the agent's copy has the notice, the member's not.
      const state = async (token: string) =>
        (await call('GET', '/wps/relay/publicState', token)).json().value.notice as {
          title: string;
        }[];
      expect((await state(boss.token)).map((n) => n.title)).toContain(`${title} notice`);
      expect((await state(plain.token)).map((n) => n.title)).not.toContain(`${title} notice`);
    });
  });
});
