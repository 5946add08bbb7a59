import { encryptBody, type PublicKeyInfo } from '@app/shared';
import type { FastifyInstance } from 'fastify';

/** The captcha answer the test app accepts (CAPTCHA_FIXED_ANSWER). */
export const CAPTCHA_ANSWER = 'test';

/** A random documentation-range address: each simulated player comes from their own. */
export function randomIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/**
 * Talks to the member API as the web app does: merchant header, encrypted bodies. Each call comes
 * from a fresh address unless `ip` is given, as separate players' calls would.
 */
export function memberApi(app: FastifyInstance) {
  let publicKey: PublicKeyInfo | undefined;
  const key = async () => {
    publicKey ??= (await app.inject({ url: '/wps/system/publicKey' })).json()
      .value as PublicKeyInfo;
    return publicKey;
  };
  /** Where each registered player plays from, so their later logins come from home. */
  const homeIp = new Map<string, string>();
  const headers = (token?: string) => ({
    merchant: 'demo',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });

  async function captchaId(): Promise<string> {
    return (
      await app.inject({ url: '/wps/captcha', headers: headers(), remoteAddress: randomIp() })
    ).json().value.captchaId;
  }

  return {
    headers,
    captchaId,
    async sealed(
      method: 'POST' | 'PUT',
      url: string,
      body: unknown,
      token?: string,
      ip = randomIp(),
      extraHeaders: Record<string, string> = {},
    ) {
      return app.inject({
        method,
        url,
        headers: { ...headers(token), ...extraHeaders },
        remoteAddress: ip,
        payload: await encryptBody(await key(), body),
      });
    },
    async register(fields: Record<string, unknown> = {}) {
      const username = `juan${Math.random().toString(36).slice(2, 9)}`;
      const ip = randomIp();
      const res = await this.sealed(
        'PUT',
        '/wps/member/register',
        {
          username,
          password: 'Secret#2026pw',
          confirmPassword: 'Secret#2026pw',
          termsAccepted: true,
          captchaId: await captchaId(),
          captcha: CAPTCHA_ANSWER,
          ...fields,
        },
        undefined,
        ip,
      );
      const account = res.json().value?.user?.account as string | undefined;
      if (account) homeIp.set(account, ip);
      return res;
    },
    /** A plain JSON call as the member holding `token` (a visitor without one), from a fresh address. */
    send(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) {
      return app.inject({
        method,
        url,
        headers: headers(token),
        remoteAddress: randomIp(),
        ...(payload ? { payload } : {}),
      });
    },
    /** A GET as the member holding `token` (a visitor without one), `query` as the query string. */
    get(url: string, token?: string, query: Record<string, string | number> = {}) {
      const search = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      return app.inject({
        method: 'GET',
        url: search ? `${url}?${search}` : url,
        headers: headers(token),
      });
    },
    /** Starts a free-play (trial) session, from a fresh address unless `ip` is given. */
    startFreePlay(ip = randomIp()) {
      return app.inject({
        method: 'POST',
        url: '/wps/session/login/freeplay',
        headers: headers(),
        remoteAddress: ip,
        payload: { termsAccepted: true },
      });
    },
    /** The token of a new trial (free-play) account. */
    async trialToken(): Promise<string> {
      return (await this.startFreePlay()).json().value.token as string;
    },
    /** Remembers that `account` plays from `ip` (for accounts made outside `register`). */
    playsFrom(account: string, ip: string) {
      homeIp.set(account, ip);
    },
    async login(
      username: string,
      password: string,
      extra: Record<string, unknown> = {},
      ip?: string,
    ) {
      return this.sealed(
        'POST',
        '/wps/session/login',
        { type: 'username', username, password, termsAccepted: true, ...extra },
        undefined,
        ip ?? homeIp.get(username.toLowerCase()) ?? randomIp(),
      );
    },
    /**
     * Asks for an SMS code to a Philippine mobile for a signed-out `purpose` (login or a password
     * reset), the captcha answered; from `ip` when given.
     */
    async sendSmsCode(mobile: string, purpose: 'login' | 'reset', ip?: string) {
      return app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        headers: headers(),
        ...(ip ? { remoteAddress: ip } : {}),
        payload: {
          countryDialingCode: '63',
          mobile,
          purpose,
          captchaId: await captchaId(),
          captcha: CAPTCHA_ANSWER,
        },
      });
    },
    /** The newest message the development outbox holds for this mobile or email. */
    async lastMessage(destination: string): Promise<string> {
      const res = await app.inject({
        url: `/admin/api/dev/outbox?destination=${encodeURIComponent(destination)}`,
      });
      return res.json().value[0].body as string;
    },
    async lastCode(destination: string): Promise<string> {
      return /(\d{6})/.exec(await this.lastMessage(destination))![1]!;
    },
  };
}

/** The member API client of a test app. */
export type MemberApi = ReturnType<typeof memberApi>;
