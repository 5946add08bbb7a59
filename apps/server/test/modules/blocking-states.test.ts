import { randomUUID } from 'node:crypto';
import { errorStatus, type ErrorCode } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { affiliateCodes, deposits, members } from '../../src/db/schema/index.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { createGameSession } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { adminApi } from '../support/admin-api.js';
import { registerAccount, type TestAccount } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi, randomIp } from '../support/member-api.js';
import { signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';
import { testVendor, vendorPost, type TestVendor } from '../support/vendor-wallet.js';
import { saveKycInfo } from '../support/kyc.js';

const STATES = [
  'region',
  'maintenance',
  'selfExclusion',
  'lock',
  'restriction',
  'passwordChange',
] as const;
type State = (typeof STATES)[number];
const ACTIONS = [
  'login',
  'launch',
  'vendorBet',
  'vendorWin',
  'deposit',
  'withdrawal',
  'transfer',
] as const;
type Action = (typeof ACTIONS)[number];

/** Done: the member API answered success, or the vendor wallet RS_OK. */
const OK = 'OK';
type Answer = typeof OK | ErrorCode | `RS_${string}`;

/**
 * Decision 018 as a table: what each action gets while each state applies. New play and new
 * money are refused with the state's code; the win of a round placed before the state always
 * pays; a self-excluded member logs in and withdraws. A vendor call comes from the vendor, so a
 * region rule stops the member at login and launch, not the bets of a game already open. A lock
 * and a restriction end the member's sessions (NOT_LOGGED_IN): the operator settles that account.
 */
const EXPECTED: Record<State, Record<Action, Answer>> = {
  region: {
    login: 'REGION_RESTRICTED',
    launch: 'REGION_RESTRICTED',
    vendorBet: 'RS_OK',
    vendorWin: 'RS_OK',
    deposit: 'REGION_RESTRICTED',
    withdrawal: OK,
    transfer: 'REGION_RESTRICTED',
  },
  maintenance: {
    login: 'SYSTEM_MAINTENANCE',
    launch: 'SYSTEM_MAINTENANCE',
    vendorBet: 'RS_ERROR_GAME_MAINTENANCE',
    vendorWin: 'RS_OK',
    deposit: 'SYSTEM_MAINTENANCE',
    withdrawal: OK,
    transfer: 'SYSTEM_MAINTENANCE',
  },
  selfExclusion: {
    login: OK,
    launch: 'SELF_EXCLUDED',
    vendorBet: 'RS_ERROR_USER_DISABLED',
    vendorWin: 'RS_OK',
    deposit: 'SELF_EXCLUDED',
    withdrawal: OK,
    transfer: 'SELF_EXCLUDED',
  },
  lock: {
    login: 'ACCOUNT_LOCKED',
    launch: 'NOT_LOGGED_IN',
    vendorBet: 'RS_ERROR_USER_DISABLED',
    vendorWin: 'RS_OK',
    deposit: 'NOT_LOGGED_IN',
    withdrawal: 'NOT_LOGGED_IN',
    transfer: 'NOT_LOGGED_IN',
  },
  restriction: {
    login: 'RESTRICTED_PERSON',
    launch: 'NOT_LOGGED_IN',
    vendorBet: 'RS_ERROR_USER_DISABLED',
    vendorWin: 'RS_OK',
    deposit: 'NOT_LOGGED_IN',
    withdrawal: 'NOT_LOGGED_IN',
    transfer: 'NOT_LOGGED_IN',
  },
  passwordChange: {
    login: OK,
    launch: OK,
    vendorBet: 'RS_ERROR_TOKEN_EXPIRED',
    vendorWin: 'RS_OK',
    deposit: OK,
    withdrawal: OK,
    transfer: OK,
  },
};

/** How the main wallet moves (minor units) when the action is done; a refusal moves nothing. */
const EARLIER_BET = 10_000n;
const WIN = 20_000n;
const BET = 5_000n;
const DELTA: Record<Action, bigint> = {
  login: 0n,
  launch: 0n,
  vendorBet: -BET,
  vendorWin: WIN,
  // An online deposit credits on the gateway's callback, never on creation.
  deposit: 0n,
  withdrawal: -50_000n,
  transfer: -1_000n,
};

const PASSWORD = 'Secret#2026pw';
const NEW_PASSWORD = 'Changed#2027pw';
const PAY = '246810';
const BIRTHDAY = '1990-05-17';
const REGION_RANGE = '203.0.113.0/24';
const MAINTENANCE = {
  title: { EN: 'Upgrading', TL: 'Nag-a-upgrade' },
  info: { EN: 'Back soon', TL: 'Babalik agad' },
};

type Subject = {
  id: number;
  username: string;
  name: string;
  token: string;
  gameToken: string;
  payoutAccountId: number;
  earlierBet: { transaction_uuid: string; round: string };
  /** Where the member's calls come from. */
  ip: string | undefined;
};

describe.each(testDatabases)('blocking states on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let vendor: TestVendor;
  let agent: TestAccount;
  let owner: string;
  let support: string;
  let risk: string;
  let sandboxChannelId: number;
  let inHouseNodeId: number;
  let sequence = 0;
  const requestId = () => `blk-${Date.now()}-${(sequence += 1)}`;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    vendor = await testVendor(database.db);
    agent = await registerAccount(api, database.db, { type: 1 });
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    support = await signInOperator(app, database.db, {
      role: 'customer_service',
      merchantId: MERCHANT_ID,
    });
    risk = await signInOperator(app, database.db, { role: 'risk_kyc', merchantId: MERCHANT_ID });
    const channels = (await call(agent.token, 'GET', '/wps/deposit/channels')).json().value as {
      id: number;
      name: string;
    }[];
    sandboxChannelId = channels.find((c) => c.name === 'Sandbox Pay')!.id;
    const games = await app.inject({
      url: '/wps/relay/games?name=Bayani%20Fortune&vassalage=BGS',
      headers: api.headers(),
    });
    inHouseNodeId = (games.json().value.content as { nodeId: number }[])[0]!.nodeId;
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(
    token: string | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    ip: string = randomIp(),
  ) {
    return app.inject({
      method,
      url,
      headers: api.headers(token),
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    });
  }
  const asOperator = (token: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    adminApi(app)(token, method, url, payload);

  async function vendorCall(path: string, fields: Record<string, unknown>): Promise<string> {
    const res = await vendorPost(app, vendor, path, fields);
    return res.json<{ status: string }>().status;
  }
  const bet = (who: Subject, amount: bigint) => ({
    request_uuid: randomUUID(),
    user: who.username,
    token: who.gameToken,
    game_code: vendor.gameCode,
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    amount: Number(amount),
    currency: CURRENCY,
  });

  /**
   * A member as the matrix needs them: under an agent (transfers), with KYC details, a payment
   * password and a payout account (withdrawals), money, a game open at the vendor, and a bet of
   * that game placed before the state begins.
   */
  async function subject(state: State): Promise<Subject> {
    const name = `Ana ${state.replace(/[A-Z]/, (c) => ` ${c}`)}`;
    const affiliateCode = `BLK${agent.id}X${(sequence += 1)}`;
    await database.db
      .insert(affiliateCodes)
      .values({ merchantId: MERCHANT_ID, code: affiliateCode, agentId: agent.id });
    const registered = (
      await api.register({ affiliateCode, payeeName: name, birthday: BIRTHDAY })
    ).json();
    expect(registered.success, JSON.stringify(registered)).toBe(true);
    const id = registered.value.user.id as number;
    const token = registered.value.token as string;
    await saveKycInfo(database.db, id, { payeeName: name, birthday: BIRTHDAY });
    const pay = await call(token, 'POST', '/wps/member/paymentPassword', {
      loginPassword: PASSWORD,
      paymentPassword: PAY,
      confirmPaymentPassword: PAY,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const account = await call(token, 'PUT', '/wps/withdraw/accounts', {
      method: 'gcash',
      accountName: name,
      accountNumber: `0917${String(100_0000 + sequence).padStart(7, '0')}`,
    });
    expect(account.statusCode, account.body).toBe(200);
    await fund(database.db, id, 200_000n);
    const { token: gameToken } = await createGameSession(database.db, {
      merchantId: MERCHANT_ID,
      memberId: id,
      vendorId: vendor.vendorId,
      gameCode: vendor.gameCode,
    });
    const who: Subject = {
      id,
      username: registered.value.user.account as string,
      name,
      token,
      gameToken,
      payoutAccountId: account.json().value.id as number,
      earlierBet: { transaction_uuid: '', round: '' },
      ip: state === 'region' ? `203.0.113.${(sequence % 200) + 1}` : undefined,
    };
    const earlier = bet(who, EARLIER_BET);
    expect(await vendorCall('transaction/bet', earlier)).toBe('RS_OK');
    who.earlierBet = earlier;
    return who;
  }

  async function switchMaintenance(enabled: boolean) {
    const res = await asOperator(owner, 'PUT', '/admin/api/system/maintenance', {
      ...MAINTENANCE,
      enabled,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Puts the state in place; returns how to lift it (platform states), if it must be. */
  async function begin(state: State, who: Subject): Promise<() => Promise<void>> {
    const expectOk = (res: { statusCode: number; body: string }) =>
      expect(res.statusCode, res.body).toBe(200);
    switch (state) {
      case 'region':
        expectOk(
          await asOperator(owner, 'POST', '/admin/api/system/region-rules', {
            ipRange: REGION_RANGE,
          }),
        );
        break;
      case 'maintenance':
        await switchMaintenance(true);
        return () => switchMaintenance(false);
      case 'selfExclusion':
        expectOk(
          await call(who.token, 'POST', '/wps/member/selfExclusion', {
            period: '6M',
            password: PASSWORD,
          }),
        );
        break;
      case 'lock':
        expectOk(
          await asOperator(support, 'POST', `/admin/api/members/${who.id}/lock`, {
            reason: 'blocking-state matrix',
          }),
        );
        break;
      case 'restriction':
        expectOk(
          await asOperator(risk, 'POST', '/admin/api/risk/restricted-persons/import', {
            csv: `full_name,birthday,id_number,category,source\n${who.name},${BIRTHDAY},,official,PAGCOR\n`,
          }),
        );
        break;
      case 'passwordChange':
        expectOk(
          await api.sealed(
            'POST',
            '/wps/member/password',
            { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
            who.token,
          ),
        );
        break;
    }
    return async () => {};
  }

  /** The member API's answer: OK, or its code with the code's HTTP status. */
  function answerOf(res: { statusCode: number; json: () => unknown; body: string }): Answer {
    const body = res.json() as { success: boolean; code?: ErrorCode };
    if (body.success) return OK;
    expect(res.statusCode, res.body).toBe(errorStatus[body.code!]);
    return body.code!;
  }

  /** Does one action as the member (or the vendor) would; the session a login opened is used next. */
  async function act(state: State, who: Subject, action: Action): Promise<Answer> {
    switch (action) {
      case 'login': {
        const password = state === 'passwordChange' ? NEW_PASSWORD : PASSWORD;
        const res = await api.login(who.username, password, {}, who.ip);
        const answer = answerOf(res);
        if (answer === OK) who.token = res.json().value.token as string;
        return answer;
      }
      case 'launch':
        return answerOf(
          await call(who.token, 'POST', '/wps/game/launchGame', { nodeId: inHouseNodeId }, who.ip),
        );
      case 'vendorBet':
        return vendorCall('transaction/bet', bet(who, BET)) as Promise<Answer>;
      case 'vendorWin':
        return vendorCall('transaction/win', {
          request_uuid: randomUUID(),
          user: who.username,
          token: who.gameToken,
          game_code: vendor.gameCode,
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: who.earlierBet.transaction_uuid,
          round: who.earlierBet.round,
          round_closed: true,
          amount: Number(WIN),
          currency: CURRENCY,
        }) as Promise<Answer>;
      case 'deposit':
        return answerOf(
          await call(
            who.token,
            'PUT',
            '/wps/deposit/online',
            { channelId: sandboxChannelId, amount: '250.00', clientRequestId: requestId() },
            who.ip,
          ),
        );
      case 'withdrawal':
        return answerOf(
          await call(
            who.token,
            'PUT',
            '/wps/withdraw',
            {
              payoutAccountId: who.payoutAccountId,
              amount: '500.00',
              paymentPassword: PAY,
              clientRequestId: requestId(),
            },
            who.ip,
          ),
        );
      case 'transfer':
        return answerOf(
          await call(
            who.token,
            'POST',
            '/wps/v2/wallets/transfer/upline',
            { amount: '10.00', paymentPassword: PAY, clientRequestId: requestId() },
            who.ip,
          ),
        );
    }
  }

  const balanceOf = (who: Subject) => mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY);
  const depositsOf = async (who: Subject) =>
    (await database.db.select().from(deposits).where(eq(deposits.memberId, who.id))).length;

  it.each(STATES)('%s: each action answers and moves money as decision 018 says', async (state) => {
    const who = await subject(state);
    const lift = await begin(state, who);
    try {
      const answers: Partial<Record<Action, Answer>> = {};
      for (const action of ACTIONS) {
        const before = await balanceOf(who);
        const depositsBefore = await depositsOf(who);
        const answer = await act(state, who, action);
        answers[action] = answer;
        const done = answer === OK || answer === 'RS_OK';
        expect(await balanceOf(who), `${state} x ${action}`).toBe(
          before + (done ? DELTA[action] : 0n),
        );
        if (action === 'deposit') {
          expect(await depositsOf(who)).toBe(depositsBefore + (done ? 1 : 0));
        }
      }
      expect(answers).toEqual(EXPECTED[state]);
    } finally {
      await lift();
    }
  });

  it('under maintenance refuses every other route that starts play or takes money in', async () => {
    const registered = (await api.register()).json().value;
    const member = {
      id: registered.user.id as number,
      username: registered.user.account as string,
      token: registered.token as string,
    };
    await fund(database.db, member.id, 100_000n);
    const balances = async () => [
      await mainBalance(database.db, MERCHANT_ID, member.id, CURRENCY),
      await mainBalance(database.db, MERCHANT_ID, agent.id, CURRENCY),
    ];
    const before = await balances();
    await switchMaintenance(true);
    try {
      const answers = [
        await call(undefined, 'POST', '/wps/session/login/freeplay', { termsAccepted: true }),
        await api.register(),
        await call(undefined, 'POST', '/wps/session/login/social', {
          code: 'c'.repeat(24),
          termsAccepted: true,
        }),
        await api.sealed('POST', '/wps/session/login/verify', {
          challengeId: randomUUID(),
          method: 'sms',
          answer: '123456',
        }),
        await api.sealed('POST', '/wps/member/password/verification', {
          mobileNum: '9171234567',
          verificationCode: '123456',
          newPassword: NEW_PASSWORD,
          confirmNewPassword: NEW_PASSWORD,
        }),
        await call(member.token, 'POST', '/wps/bgs/spin', {
          bet: '1.00',
          clientRequestId: requestId(),
        }),
        await call(member.token, 'PUT', '/wps/deposit/manual', {
          channelId: sandboxChannelId,
          amount: '100.00',
          reference: 'REF-1',
          receipt: 'data:image/png;base64,iVBORw0KGgo=',
          clientRequestId: requestId(),
        }),
        await call(agent.token, 'POST', '/wps/v2/wallets/transfer/downline', {
          username: member.username,
          amount: '1.00',
          paymentPassword: PAY,
          clientRequestId: requestId(),
        }),
        // An agent's registration of a downline account is a registration too.
        await call(agent.token, 'POST', '/wps/agent/downlines', {
          username: `dl${Date.now() % 1_000_000}`,
          password: NEW_PASSWORD,
          type: 'member',
        }),
      ].map(answerOf);
      expect(answers).toEqual(answers.map(() => 'SYSTEM_MAINTENANCE'));
      expect(await balances()).toEqual(before);
      expect(
        await database.db.select().from(deposits).where(eq(deposits.memberId, member.id)),
      ).toEqual([]);
    } finally {
      await switchMaintenance(false);
    }
  });

  it.each([
    ['lock', 'RS_ERROR_USER_DISABLED'],
    ['passwordChange', 'RS_ERROR_TOKEN_EXPIRED'],
  ] as const)('answers balance and info on a token ended by %s with %s', async (state, status) => {
    const who = await subject(state);
    const fields = () => ({
      request_uuid: randomUUID(),
      user: who.username,
      token: who.gameToken,
      game_code: vendor.gameCode,
    });
    expect(await vendorCall('user/balance', fields())).toBe('RS_OK');
    await begin(state, who);
    expect(await vendorCall('user/balance', fields())).toBe(status);
    expect(await vendorCall('user/info', fields())).toBe(status);
  });

  it('keeps the revoked game closed after the state is lifted: a new launch is needed', async () => {
    const who = await subject('lock');
    await begin('lock', who);
    const unlocked = await asOperator(support, 'POST', `/admin/api/members/${who.id}/unlock`, {
      reason: 'blocking-state matrix',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const before = await balanceOf(who);
    expect(await vendorCall('transaction/bet', bet(who, BET))).toBe('RS_ERROR_USER_DISABLED');
    expect(await balanceOf(who)).toBe(before);
    expect(
      (await database.db.select().from(members).where(eq(members.id, who.id)))[0]!.status,
    ).toBe('active');
  });
});
