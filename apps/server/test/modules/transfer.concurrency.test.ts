import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { registerAccount, type TestAccount } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import { fund, setMoneySettings } from '../support/ledger.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

// Races need real connections: PostgreSQL only (PGlite runs one statement at a time).
const postgres = testDatabases.filter((database) => database.name === 'postgres');

const PAY = '135790';
type Account = TestAccount;

describe.skipIf(postgres.length === 0).each(postgres)(
  'member transfers under concurrency on $name',
  ({ open }) => {
    let database: DatabaseHandle;
    let app: FastifyInstance;
    let api: MemberApi;

    beforeAll(async () => {
      ({ database, app, api } = await startMemberApp(open));
    });
    afterAll(() => closeTestApp(app, database));

    const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
      app.inject({ method, url, headers: api.headers(token), ...(payload ? { payload } : {}) });

    async function account(options: { agent?: boolean; under?: Account } = {}): Promise<Account> {
      const made = await registerAccount(api, database.db, {
        ...(options.agent ? { type: 1 } : {}),
        ...(options.under ? { under: options.under } : {}),
      });
      await call('POST', '/wps/member/paymentPassword', made.token, {
        loginPassword: 'Secret#2026pw',
        paymentPassword: PAY,
        confirmPaymentPassword: PAY,
      });
      return made;
    }

    const balance = async (who: Account) =>
      (await call('GET', '/wps/v2/wallets/balance', who.token)).json().value.balance as string;

    const down = (agent: Account, to: Account, n: number) =>
      call('POST', '/wps/v2/wallets/transfer/downline', agent.token, {
        username: to.username,
        amount: '1.00',
        paymentPassword: PAY,
        clientRequestId: `concurrent-down-${agent.id}-${to.id}-${n}`,
      });
    const up = (member: Account, n: number) =>
      call('POST', '/wps/v2/wallets/transfer/upline', member.token, {
        amount: '1.00',
        paymentPassword: PAY,
        clientRequestId: `concurrent-up-${member.id}-${n}`,
      });

    it('runs transfers both ways at once without losing money or surfacing a deadlock', async () => {
      const agent = await account({ agent: true });
      const memberC = await account({ under: agent });
      const memberD = await account({ under: agent });
      for (const who of [agent, memberC, memberD]) await fund(database.db, who.id, 20_000n);

      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, n) => [
          down(agent, n % 2 === 0 ? memberC : memberD, n),
          up(memberC, n),
          up(memberD, n),
        ]).flat(),
      );
      const failures = responses.filter((res) => res.statusCode !== 200);
      expect(failures.map((res) => res.json())).toEqual([]);
      expect(await balance(agent)).toBe('300.00');
      expect(await balance(memberC)).toBe('150.00');
      expect(await balance(memberD)).toBe('150.00');
      expect(isClean(await reconcileLedger(database.db))).toBe(true);
    });

    it('never lets concurrent transfers pass the daily amount', async () => {
      const agent = await account({ agent: true });
      const member = await account({ under: agent });
      await fund(database.db, agent.id, 100_000n);
      await fund(database.db, member.id, 100_000n);
      await setMoneySettings(database.db, { transferDailyAmount: 30_00n });
      const responses = await Promise.all(
        Array.from({ length: 80 }, (_, n) => [down(agent, member, n), up(member, n)]).flat(),
      );
      const codes = responses.map((res) => (res.statusCode === 200 ? 'OK' : res.json().code));
      expect(codes.filter((code) => code === 'OK')).toHaveLength(60);
      expect(codes.filter((code) => code === 'DAILY_LIMIT_EXCEEDED')).toHaveLength(100);
      // Each sent exactly 30.00 and received 30.00.
      expect(await balance(agent)).toBe('1000.00');
      expect(await balance(member)).toBe('1000.00');
      expect(isClean(await reconcileLedger(database.db))).toBe(true);
    });
  },
);
