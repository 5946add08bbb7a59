import { OPERATOR_PERMISSIONS, OPERATOR_ROLES, ROLE_PERMISSIONS } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { auditLog, merchants, operators } from '../../src/db/schema/index.js';
import { createRateLimiter } from '../../src/lib/rate-limiter.js';
import { ok } from '../../src/lib/route-schema.js';
import {
  createMerchantResolver,
  createMerchantZones,
} from '../../src/modules/merchant/merchant.service.js';
import { registerOperatorContext } from '../../src/modules/operator/operator.context.js';
import { operatorAllow, signedInOperator } from '../../src/modules/operator/operator.guards.js';
import {
  OPERATOR_SESSION_POLICY,
  createOperator as createOperatorCommand,
  generatePassword,
} from '../../src/modules/operator/operator.service.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import {
  OPERATOR_PASSWORD,
  createMerchant,
  createOperator,
  operatorHeaders,
  operatorIp,
  postOperatorLogin,
  signInOperator,
  signInOperatorDetails,
  totpCode,
} from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';
import { testSecrets } from '../support/secrets.js';

describe.each(testDatabases)('operator accounts on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let demoId: number;
  let otherId: number;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    // A guarded sample route per permission, in its own /admin/api scope, for the matrix.
    const deps = {
      db: database.db,
      limiter: createRateLimiter(),
      resolveMerchant: createMerchantResolver(database.db),
      zones: createMerchantZones(database.db),
      policy: OPERATOR_SESSION_POLICY,
      secrets: testSecrets,
    };
    await app.register(async (scope) => {
      registerOperatorContext(scope, deps);
      for (const permission of OPERATOR_PERMISSIONS) {
        scope.get(
          `/admin/api/test/${permission}`,
          { onRequest: operatorAllow(permission) },
          async (req) => ok({ merchantId: signedInOperator(req).merchant.id }),
        );
      }
    });
    const [demo] = await database.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, 'demo'));
    demoId = demo!.id;
    otherId = await createMerchant(database.db, 'other');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function login(payload: Record<string, unknown>, ip = operatorIp()) {
    return postOperatorLogin(app, payload, ip);
  }

  function me(token: string, merchant?: string) {
    return app.inject({
      url: '/admin/api/session/me',
      headers: operatorHeaders(token, merchant),
    });
  }

  async function auditActions(operatorId: number) {
    const rows = await database.db
      .select({ action: auditLog.action, actorType: auditLog.actorType })
      .from(auditLog)
      .where(eq(auditLog.actorId, String(operatorId)));
    expect(rows.every((r) => r.actorType === 'operator')).toBe(true);
    return rows.map((r) => r.action);
  }

  it('enrols TOTP at the first login and issues a session only after the code', async () => {
    const { operator, username, enrolmentCode } = await createOperator(database.db, {
      role: 'finance',
      merchantId: demoId,
    });
    const first = await login({
      merchantCode: 'demo',
      username,
      password: OPERATOR_PASSWORD,
      enrolmentCode,
    });
    expect(first.statusCode).toBe(200);
    const enrolment = first.json().value;
    expect(enrolment.step).toBe('totp_enrolment');
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.token).toBeUndefined();

    const wrong = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      payload: { enrolmentToken: enrolment.enrolmentToken, code: '000000' },
    });
    expect(wrong.json().code).toBe('CODE_INVALID');

    const confirmed = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      payload: {
        enrolmentToken: enrolment.enrolmentToken,
        code: await totpCode(enrolment.secret),
      },
    });
    expect(confirmed.statusCode).toBe(200);
    const session = confirmed.json().value;
    expect(session.operator).toMatchObject({
      username,
      role: 'finance',
      isPlatform: false,
      merchant: { code: 'demo' },
    });

    const info = (await me(session.token)).json().value;
    expect(info.permissions).toEqual([...ROLE_PERMISSIONS.finance]);
    expect(info.scopeMerchant.code).toBe('demo');

    // The enrolment token is spent.
    const again = await app.inject({
      method: 'POST',
      url: '/admin/api/session/totp',
      payload: {
        enrolmentToken: enrolment.enrolmentToken,
        code: await totpCode(enrolment.secret, 30),
      },
    });
    expect(again.json().code).toBe('CODE_EXPIRED');

    const [stored] = await database.db
      .select()
      .from(operators)
      .where(eq(operators.id, operator.id));
    // Stored sealed with the app's key (decision 013).
    expect(testSecrets.open(stored!.totpSecret!)).toBe(enrolment.secret);
    expect(stored!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await auditActions(operator.id)).toEqual(
      expect.arrayContaining([
        'operator.totp_enrolment_started',
        'operator.login_failed',
        'operator.totp_enrolled',
        'operator.login',
      ]),
    );
  });

  it('needs the password and a fresh code once TOTP is enrolled; codes never replay', async () => {
    const { operatorId, username, secret } = await signInOperatorDetails(app, database.db, {
      role: 'owner',
      merchantId: demoId,
    });
    const base = { merchantCode: 'demo', username };

    const wrongPassword = await login({ ...base, password: 'nope', code: '123456' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('INVALID_CREDENTIALS');

    const unknown = await login({ ...base, username: 'nobody', password: OPERATOR_PASSWORD });
    expect(unknown.json().code).toBe('INVALID_CREDENTIALS');

    const noCode = await login({ ...base, password: OPERATOR_PASSWORD });
    expect(noCode.json().value).toEqual({ step: 'totp_required' });

    const wrongCode = await login({ ...base, password: OPERATOR_PASSWORD, code: '000000' });
    expect(wrongCode.json().code).toBe('CODE_INVALID');

    const code = await totpCode(secret, 30);
    const good = await login({ ...base, password: OPERATOR_PASSWORD, code });
    expect(good.statusCode).toBe(200);
    expect(good.json().value.step).toBe('session');

    const replay = await login({ ...base, password: OPERATOR_PASSWORD, code });
    expect(replay.json().code).toBe('CODE_INVALID');

    // The code of the enrolment (an earlier step) does not work either.
    const earlier = await login({
      ...base,
      password: OPERATOR_PASSWORD,
      code: await totpCode(secret),
    });
    expect(earlier.json().code).toBe('CODE_INVALID');

    const failures = await database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'operator.login_failed'), eq(auditLog.actorId, String(operatorId))),
      );
    expect(failures.map((f) => (f.after as { reason: string }).reason).sort()).toEqual([
      'replayed_code',
      'replayed_code',
      'wrong_code',
      'wrong_password',
    ]);
  });

  it('throttles login attempts from one address', async () => {
    const ip = operatorIp();
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      last = (await login({ username: 'nobody', password: 'x' }, ip)).statusCode;
    }
    expect(last).toBe(429);
  });

  it('keeps member and operator tokens apart', async () => {
    const api = memberApi(app);
    const memberToken = (await api.register()).json().value.token as string;
    const asMember = await me(memberToken);
    expect(asMember.statusCode).toBe(401);
    expect(asMember.json().code).toBe('NOT_LOGGED_IN');
    expect((await me('')).json().code).toBe('NOT_LOGGED_IN');

    const operatorToken = await signInOperator(app, database.db, {
      role: 'owner',
      merchantId: demoId,
    });
    const onMemberRoute = await app.inject({
      url: '/wps/member/info',
      headers: api.headers(operatorToken),
    });
    expect(onMemberRoute.statusCode).toBe(401);
    expect(onMemberRoute.json().code).toBe('NOT_LOGGED_IN');
  });

  it('ends the session at logout', async () => {
    const { token, operatorId } = await signInOperatorDetails(app, database.db, {
      role: 'marketing',
      merchantId: demoId,
    });
    const out = await app.inject({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: operatorHeaders(token),
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).json().code).toBe('NOT_LOGGED_IN');
    expect(await auditActions(operatorId)).toContain('operator.logout');
  });

  it('lets each role through exactly the routes its permissions allow, auditing refusals', async () => {
    for (const role of OPERATOR_ROLES) {
      const { token, operatorId } = await signInOperatorDetails(app, database.db, {
        role,
        merchantId: demoId,
      });
      for (const permission of OPERATOR_PERMISSIONS) {
        const res = await app.inject({
          url: `/admin/api/test/${permission}`,
          headers: operatorHeaders(token),
        });
        const allowed = ROLE_PERMISSIONS[role].includes(permission);
        expect(`${role} ${permission} ${res.statusCode}`).toBe(
          `${role} ${permission} ${allowed ? 200 : 403}`,
        );
        if (!allowed) expect(res.json().code).toBe('FORBIDDEN');
      }
      const refused = OPERATOR_PERMISSIONS.length - ROLE_PERMISSIONS[role].length;
      const actions = await auditActions(operatorId);
      expect(actions.filter((a) => a === 'operator.forbidden')).toHaveLength(refused);
    }
  });

  it('scopes a merchant operator to its merchant, whatever the Merchant header says', async () => {
    const tokenA = await signInOperator(app, database.db, { role: 'owner', merchantId: demoId });
    const tokenB = await signInOperator(app, database.db, { role: 'owner', merchantId: otherId });
    const scoped = async (token: string, merchant?: string) =>
      (
        await app.inject({
          url: '/admin/api/test/members.read',
          headers: operatorHeaders(token, merchant),
        })
      ).json().value.merchantId;
    expect(await scoped(tokenA)).toBe(demoId);
    expect(await scoped(tokenA, 'other')).toBe(demoId);
    expect(await scoped(tokenB)).toBe(otherId);
    expect(await scoped(tokenB, 'demo')).toBe(otherId);
    expect((await me(tokenB, 'demo')).json().value.scopeMerchant.code).toBe('other');

    // An operator of one merchant cannot log in to another with the same username.
    const { username } = await createOperator(database.db, { role: 'owner', merchantId: demoId });
    const elsewhere = await login({ merchantCode: 'other', username, password: OPERATOR_PASSWORD });
    expect(elsewhere.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('creates operators by the command logic: validated, unique per merchant, audited', async () => {
    const password = generatePassword();
    const { operator: created, enrolmentCode } = await createOperatorCommand(database.db, {
      scope: 'demo',
      username: 'Cmd.Owner',
      role: 'owner',
      password,
    });
    expect(created.username).toBe('cmd.owner');
    // The same name may exist on another merchant and on the platform, not twice on one.
    await createOperatorCommand(database.db, {
      scope: 'other',
      username: 'cmd.owner',
      role: 'finance',
      password,
    });
    await createOperatorCommand(database.db, {
      scope: 'platform',
      username: 'cmd.owner',
      role: 'owner',
      password,
    });
    await expect(
      createOperatorCommand(database.db, {
        scope: 'demo',
        username: 'cmd.owner',
        role: 'owner',
        password,
      }),
    ).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });
    for (const bad of [
      { role: 'boss' },
      { password: 'short' },
      { username: 'x' },
      { scope: 'nowhere' },
    ]) {
      await expect(
        createOperatorCommand(database.db, {
          scope: 'demo',
          username: 'cmd.second',
          role: 'owner',
          password,
          ...bad,
        }),
      ).rejects.toBeTruthy();
    }
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'operator.created'), eq(auditLog.subjectId, String(created.id))),
      );
    expect(entry).toMatchObject({ actorType: 'system', merchantId: demoId });
    // Its password alone enrols nothing; with the command's one-time code it does, once.
    const passwordOnly = await login({ merchantCode: 'demo', username: 'CMD.owner', password });
    expect(passwordOnly.json().code).toBe('INVALID_CREDENTIALS');
    const res = await login({
      merchantCode: 'demo',
      username: 'CMD.owner',
      password,
      enrolmentCode,
    });
    expect(res.json().value.step).toBe('totp_enrolment');
    const again = await login({
      merchantCode: 'demo',
      username: 'cmd.owner',
      password,
      enrolmentCode,
    });
    expect(again.json().code).toBe('INVALID_CREDENTIALS');
    // Automation may choose the code (OPERATOR_ENROLMENT_CODE), never a guessable one.
    const chosen = 'ABCD-ef01-2345-6789-abcd-ef01-2345-6789';
    const automated = await createOperatorCommand(database.db, {
      scope: 'demo',
      username: 'cmd.auto',
      role: 'read_only',
      password,
      enrolmentCode: chosen,
    });
    expect(automated.enrolmentCode).toBe(chosen);
    const withChosen = await login({
      merchantCode: 'demo',
      username: 'cmd.auto',
      password,
      enrolmentCode: 'abcdef0123456789abcdef0123456789',
    });
    expect(withChosen.json().value.step).toBe('totp_enrolment');
    await expect(
      createOperatorCommand(database.db, {
        scope: 'demo',
        username: 'cmd.weak',
        role: 'read_only',
        password,
        enrolmentCode: '123456',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('lets a platform operator pick the merchant with the Merchant header', async () => {
    const token = await signInOperator(app, database.db, { role: 'owner', merchantId: null });
    const info = (await me(token, 'other')).json().value;
    expect(info).toMatchObject({ isPlatform: true, merchant: null });
    expect(info.scopeMerchant.code).toBe('other');
    expect((await me(token, 'demo')).json().value.scopeMerchant.code).toBe('demo');
  });
});
