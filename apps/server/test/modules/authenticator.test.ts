import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { members } from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { CAPTCHA_ANSWER, type MemberApi } from '../support/member-api.js';
import { testSecrets } from '../support/secrets.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

const PASSWORD = 'Secret#2026pw';

/** The code the member's app shows `offsetSeconds` from now. */
function codeAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

describe.each(testDatabases)('authenticator app on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let seq = 0;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  async function post(url: string, payload: Record<string, unknown>, token?: string) {
    return app.inject({ method: 'POST', url, headers: api.headers(token), payload });
  }

  /** A member who plays from home, with nothing but the app to prove it is them elsewhere. */
  async function memberAtHome() {
    seq += 1;
    const { token, user } = (await api.register()).json().value;
    api.playsFrom(user.account, `10.88.${seq}.5`);
    return { token: token as string, account: user.account as string, id: user.id as number };
  }

  async function linkApp(token: string): Promise<string> {
    const setup = (
      await post('/wps/member/authenticator/setup', { password: PASSWORD }, token)
    ).json().value;
    const bound = await post(
      '/wps/member/authenticator',
      { code: await codeAt(setup.secret) },
      token,
    );
    expect(bound.json().value.hasAuthenticator).toBe(true);
    return setup.secret as string;
  }

  it('links only with the login password and a right code from the app', async () => {
    const { token, id } = await memberAtHome();
    const wrongPassword = await post(
      '/wps/member/authenticator/setup',
      { password: 'Nope#2026pw' },
      token,
    );
    expect(wrongPassword.json().code).toBe('WRONG_PASSWORD');

    const setup = (
      await post('/wps/member/authenticator/setup', { password: PASSWORD }, token)
    ).json().value;
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.uri).toContain(`secret=${setup.secret}`);

    const wrongCode = await post('/wps/member/authenticator', { code: '000000' }, token);
    expect(wrongCode.json().code).toBe('CODE_INVALID');
    const info = await app.inject({ url: '/wps/member/info', headers: api.headers(token) });
    expect(info.json().value.hasAuthenticator).toBe(false);

    const bound = await post(
      '/wps/member/authenticator',
      { code: await codeAt(setup.secret) },
      token,
    );
    expect(bound.json().value.hasAuthenticator).toBe(true);
    const again = await post('/wps/member/authenticator/setup', { password: PASSWORD }, token);
    expect(again.json().code).toBe('AUTHENTICATOR_ALREADY_BOUND');
    const [row] = await database.db.select().from(members).where(eq(members.id, id));
    // Stored sealed with the app's key (decision 013).
    expect(testSecrets.open(row!.totpSecret!)).toBe(setup.secret);
    expect(row!.totpPendingSecret).toBeNull();
  });

  it('rejects a malformed code as a validation error and changes nothing', async () => {
    const { token } = await memberAtHome();
    const res = await post('/wps/member/authenticator', { code: '12ab' }, token);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('passes the second verification of a login from a new network, never twice per code', async () => {
    const player = await memberAtHome();
    const secret = await linkApp(player.token);
    const away = '198.51.100.91';
    const held = (await api.login(player.account, PASSWORD, {}, away)).json();
    expect(held.code).toBe('SECOND_VERIFICATION_REQUIRED');
    expect(held.value.methods).toEqual(['authenticator']);

    const next = await codeAt(secret, 30);
    const verify = (challengeId: string, answer: string) =>
      api.sealed(
        'POST',
        '/wps/session/login/verify',
        { challengeId, method: 'authenticator', answer },
        undefined,
        away,
      );
    const wrong = await verify(held.value.challengeId, '123456');
    expect(wrong.json().code).toBe('CODE_INVALID');
    const right = await verify(held.value.challengeId, next);
    expect(right.json().value.user.account).toBe(player.account);

    // The same code, seen once, does not open a second held login.
    const other = '203.0.113.141';
    const heldAgain = (await api.login(player.account, PASSWORD, {}, other)).json();
    const replay = await api.sealed(
      'POST',
      '/wps/session/login/verify',
      { challengeId: heldAgain.value.challengeId, method: 'authenticator', answer: next },
      undefined,
      other,
    );
    expect(replay.json().code).toBe('CODE_INVALID');
  });

  it('unlinks only with a fresh code; then the app is no longer offered', async () => {
    const player = await memberAtHome();
    const secret = await linkApp(player.token);
    const stale = await post(
      '/wps/member/authenticator/unbind',
      { code: await codeAt(secret, -3600) },
      player.token,
    );
    expect(stale.json().code).toBe('CODE_INVALID');
    const unbound = await post(
      '/wps/member/authenticator/unbind',
      { code: await codeAt(secret, 30) },
      player.token,
    );
    expect(unbound.json().value.hasAuthenticator).toBe(false);
    // With nothing bound there is no second verification to ask for: a captcha instead.
    const bare = (await api.login(player.account, PASSWORD, {}, '198.51.100.92')).json();
    expect(bare.code).toBe('CAPTCHA_REQUIRED');
    const captcha = { captchaId: await api.captchaId(), captcha: CAPTCHA_ANSWER };
    const login = (await api.login(player.account, PASSWORD, captcha, '198.51.100.92')).json();
    expect(login.success).toBe(true);
  });

  it('is for real accounts only', async () => {
    const visitor = await post('/wps/member/authenticator/setup', { password: PASSWORD });
    expect(visitor.json().code).toBe('NOT_LOGGED_IN');
    const trial = (await post('/wps/session/login/freeplay', { termsAccepted: true })).json().value
      .token;
    const res = await post('/wps/member/authenticator/setup', { password: PASSWORD }, trial);
    expect(res.json().code).toBe('IN_NEED_TRUE_ACCOUNT');
  });

  it('judges at most 5 of 60 unbind codes sent at once', async () => {
    const { token } = await memberAtHome();
    const secret = await linkApp(token);
    const right = await codeAt(secret, 30);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(
          '/wps/member/authenticator/unbind',
          { code: String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0') },
          token,
        ),
      ),
    );
    const codes = answers.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === 'CODE_INVALID').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(55);
    const late = await post('/wps/member/authenticator/unbind', { code: right }, token);
    expect(late.json().code).toBe('TOO_MANY_REQUESTS');
  });
});
