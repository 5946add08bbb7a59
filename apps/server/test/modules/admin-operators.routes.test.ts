import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { operators } from '../../src/db/schema/index.js';
import { verifyAuditChain } from '../../src/modules/audit/audit.service.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { testSecrets } from '../support/secrets.js';
import { MERCHANT_ID, createMember } from '../support/ledger.js';
import { CAPTCHA_ANSWER, randomIp } from '../support/member-api.js';
import {
  OPERATOR_PASSWORD,
  createMerchant,
  createOperator,
  operatorIp,
  signInOperator,
  signInOperatorDetails,
  totpCode,
} from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

describe.each(testDatabases)('back-office operators and audit log on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  let owner: { token: string; operatorId: number };
  let foreignOwner: string;
  let foreignMerchantCode: string;
  let foreignMerchantId: number;
  let platform: string;
  let risk: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    call = adminApi(app);
    owner = await signInOperatorDetails(app, database.db, {
      role: 'owner',
      merchantId: MERCHANT_ID,
    });
    risk = await signInOperator(app, database.db, { role: 'risk_kyc', merchantId: MERCHANT_ID });
    foreignMerchantCode = `op${Date.now() % 100000}`;
    foreignMerchantId = await createMerchant(database.db, foreignMerchantCode);
    foreignOwner = await signInOperator(app, database.db, {
      role: 'owner',
      merchantId: foreignMerchantId,
    });
    platform = await signInOperator(app, database.db, { role: 'owner', merchantId: null });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('creates an operator that signs in with the shown password and enrols TOTP', async () => {
    const username = `cs${Date.now() % 100000}`;
    const bad = await call(owner.token, 'POST', '/admin/api/operators', {
      username: 'a b',
      role: 'finance',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const badRole = await call(owner.token, 'POST', '/admin/api/operators', {
      username,
      role: 'god',
    });
    expect(badRole.statusCode).toBe(400);

    const created = (
      await call(owner.token, 'POST', '/admin/api/operators', {
        username: username.toUpperCase(),
        role: 'customer_service',
      })
    ).json().value;
    expect(created.operator).toMatchObject({
      username,
      role: 'customer_service',
      status: 'active',
      totpEnrolled: false,
    });
    expect(created.password.length).toBeGreaterThanOrEqual(20);
    const taken = await call(owner.token, 'POST', '/admin/api/operators', {
      username,
      role: 'finance',
    });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'USERNAME_TAKEN']);

    expect(created.enrolmentCode).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);
    const signIn = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/admin/api/session/login',
        remoteAddress: operatorIp(),
        payload: { merchantCode: 'demo', username, password: created.password, ...payload },
      });
    // The password alone enrols nothing.
    const passwordOnly = await signIn({});
    expect([passwordOnly.statusCode, passwordOnly.json().code]).toEqual([
      401,
      'INVALID_CREDENTIALS',
    ]);
    const login = await signIn({ enrolmentCode: created.enrolmentCode });
    const enrolment = login.json().value;
    expect(enrolment.step).toBe('totp_enrolment');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      remoteAddress: operatorIp(),
      payload: { enrolmentToken: enrolment.enrolmentToken, code: await totpCode(enrolment.secret) },
    });
    expect(confirmed.json().value.operator.role).toBe('customer_service');

    const [entry] = await auditsOf(database.db, 'operator.create', created.operator.id);
    expect(entry).toMatchObject({
      actorId: String(owner.operatorId),
      after: { username, role: 'customer_service' },
    });
    expect(JSON.stringify(entry)).not.toContain(created.password);
    expect(JSON.stringify(entry)).not.toContain(created.enrolmentCode);
    const list = (await call(owner.token, 'GET', '/admin/api/operators')).json().value;
    expect(list.find((o: { id: number }) => o.id === created.operator.id).totpEnrolled).toBe(true);
    // The platform operator creates for the merchant it names; other merchants see none of it.
    const foreignList = (await call(foreignOwner, 'GET', '/admin/api/operators')).json().value;
    expect(foreignList.map((o: { username: string }) => o.username)).not.toContain(username);
    const viaPlatform = (
      await call(
        platform,
        'POST',
        '/admin/api/operators',
        { username: `fo${Date.now() % 100000}`, role: 'read_only' },
        foreignMerchantCode,
      )
    ).json().value;
    const [row] = await database.db
      .select()
      .from(operators)
      .where(eq(operators.id, viaPlatform.operator.id));
    expect(row!.merchantId).not.toBe(MERCHANT_ID);
    expect(row!.merchantId).not.toBeNull();
  });

  it('disables an operator (its session ends at once) and enables it again, never itself', async () => {
    const target = await signInOperatorDetails(app, database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
    expect((await call(target.token, 'GET', '/admin/api/session/me')).statusCode).toBe(200);
    const self = await call(
      owner.token,
      'POST',
      `/admin/api/operators/${owner.operatorId}/disable`,
    );
    expect([self.statusCode, self.json().code]).toEqual([403, 'SELF_ACTION_FORBIDDEN']);
    const foreign = await call(
      foreignOwner,
      'POST',
      `/admin/api/operators/${target.operatorId}/disable`,
    );
    expect(foreign.statusCode).toBe(404);

    const disabled = await call(
      owner.token,
      'POST',
      `/admin/api/operators/${target.operatorId}/disable`,
    );
    expect(disabled.json().value.status).toBe('disabled');
    expect((await call(target.token, 'GET', '/admin/api/session/me')).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/admin/api/session/login',
      remoteAddress: randomIp(),
      payload: { merchantCode: 'demo', username: target.username, password: 'Operator#2026pw' },
    });
    expect(login.json().code).toBe('INVALID_CREDENTIALS');
    const enabled = await call(
      owner.token,
      'POST',
      `/admin/api/operators/${target.operatorId}/enable`,
    );
    expect(enabled.json().value.status).toBe('active');
    const entries = [
      ...(await auditsOf(database.db, 'operator.disable', target.operatorId)),
      ...(await auditsOf(database.db, 'operator.enable', target.operatorId)),
    ];
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ status: 'active' }, { status: 'disabled' }],
      [{ status: 'disabled' }, { status: 'active' }],
    ]);
  });

  it("resets another operator's TOTP: sessions end, the next sign-in enrols a new one", async () => {
    const target = await signInOperatorDetails(app, database.db, {
      role: 'finance',
      merchantId: MERCHANT_ID,
    });
    const login = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/admin/api/session/login',
        remoteAddress: operatorIp(),
        payload: {
          merchantCode: 'demo',
          username: target.username,
          password: OPERATOR_PASSWORD,
          ...payload,
        },
      });
    // A second session of the target (a code of the next time step), so "every session" is real.
    const second = (await login({ code: await totpCode(target.secret, 30) })).json().value;
    expect(second.step).toBe('session');
    const url = `/admin/api/operators/${target.operatorId}/reset-totp`;
    const rowOf = async (id: number) =>
      (await database.db.select().from(operators).where(eq(operators.id, id)))[0]!;

    const self = await call(
      owner.token,
      'POST',
      `/admin/api/operators/${owner.operatorId}/reset-totp`,
    );
    expect([self.statusCode, self.json().code]).toEqual([403, 'SELF_ACTION_FORBIDDEN']);
    const foreign = await call(foreignOwner, 'POST', url);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    const platformElsewhere = await call(platform, 'POST', url, undefined, foreignMerchantCode);
    expect(platformElsewhere.statusCode).toBe(404);
    const refused = await call(risk, 'POST', url);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    const forbidden = await auditsOf(
      database.db,
      'operator.forbidden',
      'POST /admin/api/operators/:id/reset-totp',
    );
    expect(forbidden.at(-1)?.after).toEqual({ permission: 'operators.manage', role: 'risk_kyc' });
    // Stored sealed with the app's key (decision 013).
    expect(testSecrets.open((await rowOf(target.operatorId)).totpSecret!)).toBe(target.secret);
    expect(await auditsOf(database.db, 'operator.totp_reset', target.operatorId)).toEqual([]);
    expect((await call(target.token, 'GET', '/admin/api/session/me')).statusCode).toBe(200);

    const reset = await call(owner.token, 'POST', url);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().value.operator).toMatchObject({
      id: target.operatorId,
      status: 'active',
      totpEnrolled: false,
    });
    const firstCode = reset.json().value.enrolmentCode as string;
    for (const token of [target.token, second.token as string]) {
      const me = await call(token, 'GET', '/admin/api/session/me');
      expect([me.statusCode, me.json().code]).toEqual([401, 'NOT_LOGGED_IN']);
    }
    expect(await rowOf(target.operatorId)).toMatchObject({
      status: 'active',
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    });
    const [entry, ...more] = await auditsOf(database.db, 'operator.totp_reset', target.operatorId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      merchantId: MERCHANT_ID,
      actorType: 'operator',
      actorId: String(owner.operatorId),
      subjectType: 'operator',
      before: { username: target.username, totpEnrolled: true },
      after: { username: target.username, totpEnrolled: false, sessionsRevoked: true },
    });
    expect(entry!.ip).toMatch(/^10\./);
    expect(JSON.stringify(entry)).not.toContain(target.secret);
    expect(JSON.stringify(entry)).not.toContain(firstCode);

    // The password with a code of the old authenticator opens nothing and enrols nothing.
    const withOldAuthenticator = await login({ code: await totpCode(target.secret, 60) });
    expect(withOldAuthenticator.json().code).toBe('INVALID_CREDENTIALS');
    // A second reset (the first code got lost) issues a new code; the first stops working.
    const again = await call(owner.token, 'POST', url);
    expect(again.json().value.operator.totpEnrolled).toBe(false);
    const newCode = again.json().value.enrolmentCode as string;
    expect(newCode).not.toBe(firstCode);
    expect((await login({ enrolmentCode: firstCode })).json().code).toBe('INVALID_CREDENTIALS');
    const enrolment = (await login({ enrolmentCode: newCode })).json().value;
    expect(enrolment.step).toBe('totp_enrolment');
    expect(enrolment.secret).not.toBe(target.secret);
    const oldCode = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      remoteAddress: operatorIp(),
      payload: { enrolmentToken: enrolment.enrolmentToken, code: await totpCode(target.secret) },
    });
    expect(oldCode.json().code).toBe('CODE_INVALID');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      remoteAddress: operatorIp(),
      payload: { enrolmentToken: enrolment.enrolmentToken, code: await totpCode(enrolment.secret) },
    });
    const session = confirmed.json().value;
    expect(session.step).toBe('session');
    expect((await call(session.token, 'GET', '/admin/api/session/me')).statusCode).toBe(200);
    expect(testSecrets.open((await rowOf(target.operatorId)).totpSecret!)).toBe(enrolment.secret);
    // The sessions were revoked, not only unusable without a secret: they stay ended.
    for (const token of [target.token, second.token as string]) {
      expect((await call(token, 'GET', '/admin/api/session/me')).statusCode).toBe(401);
    }
    // Later sign-ins need the new authenticator, not the old one.
    const withOld = await login({ code: await totpCode(target.secret, 30) });
    expect(withOld.json().code).toBe('CODE_INVALID');
    const withNew = await login({ code: await totpCode(enrolment.secret, 30) });
    expect(withNew.json().value.step).toBe('session');

    // The platform super-operator resets across merchants, in the merchant it names.
    const foreignTarget = await signInOperatorDetails(app, database.db, {
      role: 'read_only',
      merchantId: foreignMerchantId,
    });
    const foreignUrl = `/admin/api/operators/${foreignTarget.operatorId}/reset-totp`;
    expect((await call(owner.token, 'POST', foreignUrl)).statusCode).toBe(404);
    const viaPlatform = await call(platform, 'POST', foreignUrl, undefined, foreignMerchantCode);
    expect(viaPlatform.json().value.operator.totpEnrolled).toBe(false);
    expect((await call(foreignTarget.token, 'GET', '/admin/api/session/me')).statusCode).toBe(401);
    const [foreignEntry] = await auditsOf(
      database.db,
      'operator.totp_reset',
      foreignTarget.operatorId,
    );
    expect(foreignEntry).toMatchObject({ merchantId: foreignMerchantId });
  });

  it('gives an operator who never enrolled a new code: the open enrolment and the old code end', async () => {
    const { operator, username, enrolmentCode } = await createOperator(database.db, {
      role: 'marketing',
      merchantId: MERCHANT_ID,
    });
    const signIn = (code: string) =>
      app.inject({
        method: 'POST',
        url: '/admin/api/session/login',
        remoteAddress: operatorIp(),
        payload: {
          merchantCode: 'demo',
          username,
          password: OPERATOR_PASSWORD,
          enrolmentCode: code,
        },
      });
    // Its first sign-in started an enrolment that is still open.
    const enrolment = (await signIn(enrolmentCode)).json().value;
    expect(enrolment.step).toBe('totp_enrolment');

    const res = await call(owner.token, 'POST', `/admin/api/operators/${operator.id}/reset-totp`);
    expect(res.statusCode).toBe(200);
    const confirmOld = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      remoteAddress: operatorIp(),
      payload: { enrolmentToken: enrolment.enrolmentToken, code: await totpCode(enrolment.secret) },
    });
    expect(confirmOld.json().code).toBe('CODE_EXPIRED');
    expect((await signIn(enrolmentCode)).json().code).toBe('INVALID_CREDENTIALS');
    const [entry] = await auditsOf(database.db, 'operator.totp_reset', operator.id);
    expect(entry).toMatchObject({
      before: { totpEnrolled: false },
      after: { totpEnrolled: false },
    });

    const fresh = (await signIn(res.json().value.enrolmentCode)).json().value;
    expect(fresh.step).toBe('totp_enrolment');
    const confirmed = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      remoteAddress: operatorIp(),
      payload: { enrolmentToken: fresh.enrolmentToken, code: await totpCode(fresh.secret) },
    });
    expect(confirmed.json().value.step).toBe('session');
  });

  it('lists the audit log of its merchant with filters, and the chain still verifies', async () => {
    const memberId = await createMember(database.db);
    await call(owner.token, 'POST', `/admin/api/members/${memberId}/lock`, {
      reason: 'audit test',
    });
    const page = (
      await call(risk, 'GET', `/admin/api/audit?subjectType=member&subjectId=${memberId}`)
    ).json().value;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      actorType: 'operator',
      actorId: String(owner.operatorId),
      action: 'member.lock',
      before: { status: 'active' },
      after: { status: 'locked', reason: 'audit test' },
    });
    expect(page.items[0].actorName).toBeTypeOf('string');
    expect(page.items[0].ip).toMatch(/^10\./);

    const prefix = (
      await call(risk, 'GET', `/admin/api/audit?action=member.&actorId=${owner.operatorId}`)
    ).json().value;
    expect(prefix.items.every((e: { action: string }) => e.action.startsWith('member.'))).toBe(
      true,
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await call(risk, 'GET', `/admin/api/audit?from=${encodeURIComponent(future)}`)).json().value
        .total,
    ).toBe(0);
    expect((await call(risk, 'GET', '/admin/api/audit?from=yesterday')).statusCode).toBe(400);
    const foreign = (
      await call(foreignOwner, 'GET', `/admin/api/audit?subjectType=member&subjectId=${memberId}`)
    ).json().value;
    expect(foreign.total).toBe(0);

    expect(await verifyAuditChain(database.db)).toMatchObject({ brokenAt: null });
  });
});
