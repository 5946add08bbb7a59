import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { auditLog, balanceAdjustments, members } from '../../src/db/schema/index.js';
import { mainBalance, merchantBalance } from '../../src/modules/ledger/ledger.service.js';
import { adminApi, auditsOf, closureOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, MERCHANT_ID, createMember, fund } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { createMerchant, signInOperator, signInOperatorDetails } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

describe.each(testDatabases)('back-office members on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let call: ReturnType<typeof adminApi>;
  let support: string;
  let readOnly: string;
  let owner: string;
  let financeA: { token: string; operatorId: number };
  let financeB: string;
  let foreignOwner: string;
  let platform: string;
  let otherMerchantCode: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    call = adminApi(app);
    const db = database.db;
    support = await signInOperator(app, db, { role: 'customer_service', merchantId: MERCHANT_ID });
    readOnly = await signInOperator(app, db, { role: 'read_only', merchantId: MERCHANT_ID });
    owner = await signInOperator(app, db, { role: 'owner', merchantId: MERCHANT_ID });
    financeA = await signInOperatorDetails(app, db, { role: 'finance', merchantId: MERCHANT_ID });
    financeB = await signInOperator(app, db, { role: 'finance', merchantId: MERCHANT_ID });
    otherMerchantCode = `om${Date.now() % 100000}`;
    const other = await createMerchant(db, otherMerchantCode);
    foreignOwner = await signInOperator(app, db, { role: 'owner', merchantId: other });
    platform = await signInOperator(app, db, { role: 'owner', merchantId: null });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function registered(fields: Record<string, unknown> = {}) {
    const value = (await api.register(fields)).json().value;
    return {
      id: value.user.id as number,
      username: value.user.account as string,
      token: value.token as string,
    };
  }

  describe('search and profile', () => {
    it('finds members by username, mobile, email, name and agent, in its merchant only', async () => {
      const db = database.db;
      const agent = await createMember(db, { type: 41 });
      const sub = await createMember(db, { type: 42, uplineId: agent });
      const player = await registered();
      await db
        .update(members)
        .set({
          mobileNum: '9171234567',
          countryDialingCode: '63',
          email: `${player.username}@mail.test`,
          payeeName: 'Maria Clara Santos',
          uplineId: null,
        })
        .where(eq(members.id, player.id));
      const deep = await createMember(db, { uplineId: sub });
      const [agentRow] = await db.select().from(members).where(eq(members.id, agent));

      const search = async (query: string, token = readOnly) =>
        (await call(token, 'GET', `/admin/api/members?${query}`)).json().value;
      expect(
        (await search(`username=${player.username.slice(2)}`)).items.map(
          (m: { id: number }) => m.id,
        ),
      ).toContain(player.id);
      expect((await search('mobile=917-123-4567')).items[0]).toMatchObject({
        id: player.id,
        mobile: '+63 9171234567',
        email: `${player.username}@mail.test`,
        name: 'Maria Clara Santos',
      });
      expect((await search(`email=${player.username}@MAIL`)).total).toBe(1);
      expect((await search('name=clara%20santos')).items[0].id).toBe(player.id);
      const team = await search(`agent=${agentRow!.username}`);
      expect(team.items.map((m: { id: number }) => m.id).sort()).toEqual([sub, deep].sort());
      expect(team.items.find((m: { id: number }) => m.id === sub).agent).toEqual({
        id: agent,
        username: agentRow!.username,
      });
      // Paging: total is over all pages.
      const paged = await search('size=1&page=2');
      expect(paged.items).toHaveLength(1);
      expect(paged.total).toBeGreaterThan(3);

      // Another merchant's owner sees none of them; the platform operator sees them when it
      // names the merchant.
      expect((await search(`username=${player.username}`, foreignOwner)).total).toBe(0);
      const foreign = await call(foreignOwner, 'GET', `/admin/api/members/${player.id}`);
      expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
      const viaPlatform = await call(
        platform,
        'GET',
        `/admin/api/members/${player.id}`,
        undefined,
        'demo',
      );
      expect(viaPlatform.json().value.username).toBe(player.username);
      const wrongScope = await call(
        platform,
        'GET',
        `/admin/api/members/${player.id}`,
        undefined,
        otherMerchantCode,
      );
      expect(wrongScope.statusCode).toBe(404);
    });

    it('shows the profile, balances from the ledger, ledger lines, logins and shared addresses', async () => {
      const db = database.db;
      const player = await registered();
      await fund(db, player.id, 12_345n);
      const other = await registered();
      const sharedIp = '10.77.1.9';
      // A new network of accounts with nothing bound: the captcha is asked for (decision 017).
      const captcha = async () => ({ captchaId: await api.captchaId(), captcha: CAPTCHA_ANSWER });
      await api.login(player.username, 'Secret#2026pw', await captcha(), sharedIp);
      await api.login(other.username, 'Secret#2026pw', await captcha(), sharedIp);
      await api.login(player.username, 'wrong-password', {}, sharedIp);

      const profile = (await call(readOnly, 'GET', `/admin/api/members/${player.id}`)).json().value;
      expect(profile).toMatchObject({
        id: player.id,
        status: 'active',
        type: 0,
        kycStatus: null,
        mustChangePassword: false,
      });
      const balances = (
        await call(readOnly, 'GET', `/admin/api/members/${player.id}/balances`)
      ).json().value;
      expect(balances).toMatchObject({
        currency: 'PHP',
        main: '123.45',
        commission: '0.00',
        vendors: [],
        total: '123.45',
      });
      const ledger = (await call(readOnly, 'GET', `/admin/api/members/${player.id}/ledger`)).json()
        .value;
      expect(ledger.total).toBeGreaterThanOrEqual(1);
      expect(ledger.items[0]).toMatchObject({
        entryType: 'deposit',
        wallet: 'main',
        amount: '123.45',
        balanceAfter: '123.45',
      });
      const logins = (await call(readOnly, 'GET', `/admin/api/members/${player.id}/logins`)).json()
        .value;
      expect(logins.items.map((l: { success: boolean }) => l.success)).toContain(false);
      expect(logins.items.every((l: { ip: string }) => typeof l.ip === 'string')).toBe(true);
      const ips = (await call(readOnly, 'GET', `/admin/api/members/${player.id}/ips`)).json().value;
      const shared = ips.find((entry: { ip: string }) => entry.ip === sharedIp);
      expect(shared.sharedWith).toEqual([{ id: other.id, username: other.username }]);
    });
  });

  describe('lock, unlock and password reset', () => {
    it('locks a member out at once and lets it back in, each step audited', async () => {
      const player = await registered();
      const bad = await call(support, 'POST', `/admin/api/members/${player.id}/lock`, {
        reason: '',
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(await auditsOf(database.db, 'member.lock', player.id)).toHaveLength(0);

      const locked = await call(support, 'POST', `/admin/api/members/${player.id}/lock`, {
        reason: 'chargeback',
      });
      expect(locked.json().value.status).toBe('locked');
      const info = await app.inject({
        url: '/wps/member/info',
        headers: api.headers(player.token),
      });
      expect(info.statusCode).toBe(401);
      expect((await api.login(player.username, 'Secret#2026pw')).json().code).toBe(
        'ACCOUNT_LOCKED',
      );
      const [entry] = await auditsOf(database.db, 'member.lock', player.id);
      expect(entry).toMatchObject({
        actorType: 'operator',
        before: { status: 'active' },
        after: { status: 'locked', reason: 'chargeback' },
      });

      await call(support, 'POST', `/admin/api/members/${player.id}/unlock`, { reason: 'resolved' });
      expect((await api.login(player.username, 'Secret#2026pw')).json().value.token).toBeTypeOf(
        'string',
      );
      expect(await auditsOf(database.db, 'member.unlock', player.id)).toHaveLength(1);

      const denied = await call(readOnly, 'POST', `/admin/api/members/${player.id}/lock`, {
        reason: 'x',
      });
      expect([denied.statusCode, denied.json().code]).toEqual([403, 'FORBIDDEN']);
      const foreign = await call(foreignOwner, 'POST', `/admin/api/members/${player.id}/lock`, {
        reason: 'x',
      });
      expect(foreign.statusCode).toBe(404);
      const [row] = await database.db.select().from(members).where(eq(members.id, player.id));
      expect(row!.status).toBe('active');
    });

    it('resets the password to a temporary one the member must change at next login', async () => {
      const player = await registered();
      const res = await call(support, 'POST', `/admin/api/members/${player.id}/reset-password`, {
        reason: 'forgot, called support',
      });
      const { temporaryPassword } = res.json().value;
      expect(temporaryPassword).toMatch(/^.{12,}$/);
      expect(
        (await app.inject({ url: '/wps/member/info', headers: api.headers(player.token) }))
          .statusCode,
      ).toBe(401);
      expect((await api.login(player.username, 'Secret#2026pw')).json().code).toBe(
        'INVALID_CREDENTIALS',
      );
      const login = (await api.login(player.username, temporaryPassword)).json().value;
      expect(login.passwordExpired).toBe(true);
      const [entry] = await auditsOf(database.db, 'member.password_reset', player.id);
      expect(JSON.stringify(entry)).not.toContain(temporaryPassword);
    });
  });

  describe('account type and agent moves', () => {
    it('sets member, agent and trial types, refusing unknown types and agents with a downline', async () => {
      const db = database.db;
      const agent = await createMember(db, { type: 1 });
      await createMember(db, { uplineId: agent });
      const bad = await call(support, 'PUT', `/admin/api/members/${agent}/type`, {
        type: 3,
        reason: 'x',
      });
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
      const orphaning = await call(support, 'PUT', `/admin/api/members/${agent}/type`, {
        type: 0,
        reason: 'x',
      });
      expect([orphaning.statusCode, orphaning.json().code]).toEqual([409, 'AGENT_HAS_DOWNLINE']);
      const ok = await call(support, 'PUT', `/admin/api/members/${agent}/type`, {
        type: 42,
        reason: 'promoted',
      });
      expect(ok.json().value.type).toBe(42);
      const [entry] = await auditsOf(db, 'member.type_change', agent);
      expect(entry).toMatchObject({ before: { type: 1 }, after: { type: 42 } });
      const plain = await createMember(db);
      expect(
        (
          await call(support, 'PUT', `/admin/api/members/${plain}/type`, {
            type: 4,
            reason: 'demo',
          })
        ).json().value.type,
      ).toBe(4);
    });

    it('moves a subtree under another agent and keeps the closure table right', async () => {
      const db = database.db;
      const top1 = await createMember(db, { type: 1 });
      const top2 = await createMember(db, { type: 1 });
      const mid = await createMember(db, { type: 41, uplineId: top1 });
      const leaf = await createMember(db, { uplineId: mid });
      const subAgent = await createMember(db, { type: 42, uplineId: mid });
      const leaf2 = await createMember(db, { uplineId: subAgent });
      const plain = await createMember(db);

      const moved = await call(support, 'PUT', `/admin/api/members/${mid}/agent`, {
        agentId: top2,
        reason: 'agent change',
      });
      expect(moved.json().value.agent.id).toBe(top2);
      let closure = await closureOf(db, MERCHANT_ID);
      expect(closure.stored).toEqual(closure.expected);
      const team = (
        await call(
          readOnly,
          'GET',
          `/admin/api/members?agent=${(await db.select().from(members).where(eq(members.id, top2)))[0]!.username}&size=100`,
        )
      ).json().value;
      expect(team.items.map((m: { id: number }) => m.id).sort()).toEqual(
        [mid, leaf, subAgent, leaf2].sort(),
      );

      // Under its own downline, under itself, under a non-agent, under another merchant's: refused.
      for (const agentId of [leaf2, subAgent, mid]) {
        const res = await call(support, 'PUT', `/admin/api/members/${mid}/agent`, {
          agentId,
          reason: 'x',
        });
        expect([res.statusCode, res.json().code]).toEqual([409, 'INVALID_AGENT_MOVE']);
      }
      const nonAgent = await call(support, 'PUT', `/admin/api/members/${leaf}/agent`, {
        agentId: plain,
        reason: 'x',
      });
      expect(nonAgent.json().code).toBe('INVALID_AGENT_MOVE');
      closure = await closureOf(db, MERCHANT_ID);
      expect(closure.stored).toEqual(closure.expected);

      // To the top of a tree.
      await call(support, 'PUT', `/admin/api/members/${subAgent}/agent`, {
        agentId: null,
        reason: 'independent',
      });
      closure = await closureOf(db, MERCHANT_ID);
      expect(closure.stored).toEqual(closure.expected);
      const [entry] = await auditsOf(db, 'member.agent_move', mid);
      expect(entry).toMatchObject({ before: { uplineId: top1 }, after: { uplineId: top2 } });
    });
  });

  it('lets only one of two crossing moves through, so the tree never gets a cycle', async () => {
    const db = database.db;
    const x = await createMember(db, { type: 41 });
    const y = await createMember(db, { type: 41 });
    const results = await Promise.all([
      call(support, 'PUT', `/admin/api/members/${x}/agent`, { agentId: y, reason: 'a' }),
      call(support, 'PUT', `/admin/api/members/${y}/agent`, { agentId: x, reason: 'b' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const closure = await closureOf(db, MERCHANT_ID);
    expect(closure.stored).toEqual(closure.expected);
  });

  describe('manual balance adjustments', () => {
    const adjust = (token: string, memberId: number, amount: string, requestId = randomUUID()) =>
      call(token, 'POST', `/admin/api/members/${memberId}/adjustments`, {
        amount,
        reason: 'goodwill credit',
        requestId,
      });

    it('applies at or under the threshold at once, double-entry against the house, audited', async () => {
      const db = database.db;
      const memberId = await createMember(db);
      const houseBefore = await merchantBalance(db, MERCHANT_ID, CURRENCY, 'house');
      const requestId = randomUUID();
      const res = await adjust(financeA.token, memberId, '250.50', requestId);
      expect(res.json().value).toMatchObject({
        status: 'applied',
        amount: '250.50',
        decidedBy: null,
      });
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(25_050n);
      expect(await merchantBalance(db, MERCHANT_ID, CURRENCY, 'house')).toBe(houseBefore - 25_050n);
      // The same request again moves nothing more; the same id for another amount is refused.
      expect((await adjust(financeA.token, memberId, '250.50', requestId)).json().value.id).toBe(
        res.json().value.id,
      );
      expect((await adjust(financeA.token, memberId, '9.00', requestId)).json().code).toBe(
        'DUPLICATE_TRANSACTION',
      );
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(25_050n);
      const [entry] = await auditsOf(db, 'member.adjustment_applied', res.json().value.id);
      expect(entry).toMatchObject({
        before: { balance: '0.00' },
        after: { balance: '250.50', amount: '250.50' },
      });

      // A debit the wallet cannot cover leaves nothing behind.
      const over = await adjust(financeA.token, memberId, '-300', randomUUID());
      expect([over.statusCode, over.json().code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
      const debit = await adjust(financeA.token, memberId, '-50.50', randomUUID());
      expect(debit.json().value.status).toBe('applied');
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(20_000n);
      const rows = await db
        .select()
        .from(balanceAdjustments)
        .where(eq(balanceAdjustments.memberId, memberId));
      expect(rows).toHaveLength(2);

      for (const amount of ['0', '-0.00', '1.234', 'abc', '1e3']) {
        const bad = await adjust(financeA.token, memberId, amount);
        expect([bad.statusCode, bad.json().code], amount).toEqual([400, 'VALIDATION_ERROR']);
      }
    });

    it('waits above the threshold for a second operator; the requester cannot decide it', async () => {
      const db = database.db;
      const memberId = await createMember(db);
      // The owner sets the threshold; finance may read it but not change it.
      const denied = await call(financeA.token, 'PUT', '/admin/api/adjustments/settings', {
        approvalThreshold: '100',
      });
      expect(denied.statusCode).toBe(403);
      await call(owner, 'PUT', '/admin/api/adjustments/settings', { approvalThreshold: '1000' });
      expect((await call(financeB, 'GET', '/admin/api/adjustments/settings')).json().value).toEqual(
        { approvalThreshold: '1000.00' },
      );

      const pending = (await adjust(financeA.token, memberId, '1000.01')).json().value;
      expect(pending.status).toBe('pending');
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(0n);
      const queue = (
        await call(financeB, 'GET', '/admin/api/adjustments?status=pending&size=100')
      ).json().value;
      expect(queue.items.map((a: { id: number }) => a.id)).toContain(pending.id);

      const own = await call(
        financeA.token,
        'POST',
        `/admin/api/adjustments/${pending.id}/approve`,
        { reason: 'ok' },
      );
      expect([own.statusCode, own.json().code]).toEqual([403, 'SELF_ACTION_FORBIDDEN']);
      const refusals = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(pending.id)));
      expect(refusals.map((r) => r.action)).toContain('operator.forbidden');
      const foreign = await call(
        foreignOwner,
        'POST',
        `/admin/api/adjustments/${pending.id}/approve`,
        { reason: 'ok' },
      );
      expect(foreign.statusCode).toBe(404);
      const cs = await call(support, 'POST', `/admin/api/adjustments/${pending.id}/approve`, {
        reason: 'ok',
      });
      expect(cs.statusCode).toBe(403);
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(0n);

      const approved = (
        await call(financeB, 'POST', `/admin/api/adjustments/${pending.id}/approve`, {
          reason: 'checked ticket 42',
        })
      ).json().value;
      expect(approved).toMatchObject({ status: 'applied', decisionReason: 'checked ticket 42' });
      expect(approved.decidedBy.id).not.toBe(financeA.operatorId);
      expect(approved.ledgerEntryId).toBeTypeOf('number');
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(100_001n);
      const again = await call(financeB, 'POST', `/admin/api/adjustments/${pending.id}/approve`, {
        reason: 'again',
      });
      expect([again.statusCode, again.json().code]).toEqual([409, 'ADJUSTMENT_NOT_PENDING']);
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(100_001n);
      expect(await auditsOf(db, 'member.adjustment_approved', pending.id)).toHaveLength(1);

      const second = (await adjust(financeA.token, memberId, '-5000')).json().value;
      const rejected = (
        await call(owner, 'POST', `/admin/api/adjustments/${second.id}/reject`, {
          reason: 'no ticket',
        })
      ).json().value;
      expect(rejected).toMatchObject({
        status: 'rejected',
        ledgerEntryId: null,
        decisionReason: 'no ticket',
      });
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(100_001n);
      expect(await auditsOf(db, 'member.adjustment_rejected', second.id)).toHaveLength(1);

      // Two approvers at once: one applies it, the other finds it decided; the money moves once.
      const raced = (await adjust(financeA.token, memberId, '1500')).json().value;
      const decisions = await Promise.all(
        [financeB, owner].map((token) =>
          call(token, 'POST', `/admin/api/adjustments/${raced.id}/approve`, { reason: 'race' }),
        ),
      );
      expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await mainBalance(db, MERCHANT_ID, memberId, CURRENCY)).toBe(250_001n);
      await adjust(financeA.token, memberId, '-1500');
      const settled = (
        await call(financeB, 'GET', `/admin/api/adjustments?memberId=${memberId}&status=pending`)
      ).json().value;
      await call(financeB, 'POST', `/admin/api/adjustments/${settled.items[0].id}/approve`, {
        reason: 'undo race',
      });

      const noMoney = (await adjust(financeA.token, memberId, '-2000')).json().value;
      const short = await call(financeB, 'POST', `/admin/api/adjustments/${noMoney.id}/approve`, {
        reason: 'ok',
      });
      expect(short.json().code).toBe('INSUFFICIENT_BALANCE');
      expect(
        (await call(financeB, 'GET', `/admin/api/adjustments?memberId=${memberId}`)).json().value
          .items[0].status,
      ).toBe('pending');
    });
  });
});
