import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { members } from '../src/db/schema/index.js';
import { testDatabases } from './support/databases.js';
import type { MemberApi } from './support/member-api.js';
import { closeTestApp, startMemberApp } from './support/test-app.js';

type Role = 'visitor' | 'trial' | 'member' | 'agent';
const ROLES: Role[] = ['visitor', 'trial', 'member', 'agent'];
const ACCOUNTS: Role[] = ['member', 'agent'];
const SIGNED_IN: Role[] = ['trial', 'member', 'agent'];
/** Back-office routes (/admin/api): only an operator token, so every member role is a visitor. */
const OPERATOR = 'operator' as const;

/**
 * Who may call each route of the API (SPEC section 6). `public` routes answer anyone; the others
 * answer only the roles listed. Every operation of docs/openapi.json must be here, so a new
 * route cannot ship without a decision about who may call it.
 */
const MATRIX: Record<string, 'public' | typeof OPERATOR | Role[]> = {
  'GET /wps/system/status': 'public',
  'GET /wps/system/whitelabel': 'public',
  'GET /wps/system/setting/register': 'public',
  'GET /wps/system/domainRoute': 'public',
  'GET /wps/system/permission': 'public',
  'GET /wps/system/helpCenter': 'public',
  'GET /wps/system/publicKey': 'public',
  'GET /lgw/games/game_menus': 'public',
  'GET /lgw/games/icon/{vassalage}/{gameCode}': 'public',
  'GET /wps/relay/games': 'public',
  'GET /wps/relay/games/hot': 'public',
  'GET /wps/relay/games/recent': SIGNED_IN,
  'GET /wps/relay/favorites': SIGNED_IN,
  'POST /wps/relay/favorites': SIGNED_IN,
  'DELETE /wps/relay/favorites/{nodeId}': SIGNED_IN,
  'POST /wps/game/launchGame': ACCOUNTS,
  'GET /wps/captcha': 'public',
  'POST /wps/session/login': 'public',
  'POST /wps/session/login/freeplay': 'public',
  'POST /wps/session/login/verify/send': 'public',
  'POST /wps/session/login/verify': 'public',
  'GET /wps/session/social/{provider}': 'public',
  'GET /wps/session/social/{provider}/callback': 'public',
  'POST /wps/session/login/social': 'public',
  'PUT /wps/member/register': 'public',
  'PUT /wps/member/register/mobile': 'public',
  'POST /wps/member/password/email': 'public',
  'POST /wps/member/password/verification': 'public',
  'POST /wps/verification/sms/register': 'public',
  'POST /wps/verification/sms/noLogin': 'public',
  'POST /wps/agent/affiliate': 'public',
  'PUT /wps/feedback': 'public',
  'GET /wps/relay/dropdownMenus': 'public',
  'GET /admin/api/dev/outbox': 'public',
  'GET /healthz': 'public',
  'POST /admin/api/session/login': 'public',
  'POST /admin/api/session/totp': 'public',
  'DELETE /admin/api/session': OPERATOR,
  'GET /admin/api/session/me': OPERATOR,
  'GET /admin/api/deposits': OPERATOR,
  'POST /admin/api/deposits/{id}/approve': OPERATOR,
  'POST /admin/api/deposits/{id}/reject': OPERATOR,
  'GET /admin/api/deposits/{id}/receipt': OPERATOR,
  'GET /admin/api/deposit-channels': OPERATOR,
  'PUT /admin/api/deposit-channels/{id}': OPERATOR,
  // Issue 7 back office (per-permission matrix: test/modules/admin-permissions.test.ts).
  'GET /admin/api/members': OPERATOR,
  'GET /admin/api/members/{id}': OPERATOR,
  'GET /admin/api/members/{id}/balances': OPERATOR,
  'GET /admin/api/members/{id}/ledger': OPERATOR,
  'GET /admin/api/members/{id}/logins': OPERATOR,
  'GET /admin/api/members/{id}/ips': OPERATOR,
  'POST /admin/api/members/{id}/lock': OPERATOR,
  'POST /admin/api/members/{id}/unlock': OPERATOR,
  'POST /admin/api/members/{id}/reset-password': OPERATOR,
  'PUT /admin/api/members/{id}/type': OPERATOR,
  'PUT /admin/api/members/{id}/agent': OPERATOR,
  'POST /admin/api/members/{id}/adjustments': OPERATOR,
  'GET /admin/api/adjustments': OPERATOR,
  'POST /admin/api/adjustments/{id}/approve': OPERATOR,
  'POST /admin/api/adjustments/{id}/reject': OPERATOR,
  'GET /admin/api/adjustments/settings': OPERATOR,
  'PUT /admin/api/adjustments/settings': OPERATOR,
  'GET /admin/api/kyc': OPERATOR,
  'GET /admin/api/kyc/{memberId}': OPERATOR,
  'GET /admin/api/kyc/{memberId}/documents/{kind}': OPERATOR,
  'POST /admin/api/kyc/{memberId}/approve': OPERATOR,
  'POST /admin/api/kyc/{memberId}/reject': OPERATOR,
  'POST /admin/api/risk/restricted-persons/import': OPERATOR,
  'GET /admin/api/risk/restricted-persons': OPERATOR,
  'GET /admin/api/risk/restricted-matches': OPERATOR,
  'GET /admin/api/risk/queue': OPERATOR,
  'GET /admin/api/risk/self-exclusions': OPERATOR,
  'GET /admin/api/risk/shared-addresses': OPERATOR,
  'GET /admin/api/risk/shared-devices': OPERATOR,
  'GET /admin/api/reports/daily': OPERATOR,
  'GET /admin/api/reports/daily.csv': OPERATOR,
  'GET /admin/api/reports/games.csv': OPERATOR,
  'GET /admin/api/operators': OPERATOR,
  'POST /admin/api/operators': OPERATOR,
  'POST /admin/api/operators/{id}/disable': OPERATOR,
  'POST /admin/api/operators/{id}/enable': OPERATOR,
  'POST /admin/api/operators/{id}/reset-totp': OPERATOR,
  'GET /admin/api/audit': OPERATOR,
  'GET /admin/api/audit.csv': OPERATOR,
  'GET /admin/api/dashboard': OPERATOR,
  'POST /wps/payments/callback/{gateway}': 'public',
  // Vendor calls: no member session; trusted by the vendor's signature (docs/vendor-wallet-api.md).
  'POST /vendor-api/v1/user/info': 'public',
  'POST /vendor-api/v1/user/balance': 'public',
  'POST /vendor-api/v1/transaction/bet': 'public',
  'POST /vendor-api/v1/transaction/win': 'public',
  'POST /vendor-api/v1/transaction/rollback': 'public',
  'GET /sandbox-pay/checkout/{paymentId}': 'public',
  'POST /sandbox-pay/checkout/{paymentId}/pay': 'public',
  'POST /sandbox-pay/checkout/{paymentId}/cancel': 'public',
  'POST /sandbox-pay/payouts/{payoutId}/complete': 'public',
  'POST /sandbox-pay/payouts/{payoutId}/fail': 'public',
  'GET /admin/api/withdrawals': OPERATOR,
  'POST /admin/api/withdrawals/{id}/approve': OPERATOR,
  'POST /admin/api/withdrawals/{id}/retry-payout': OPERATOR,
  'POST /admin/api/withdrawals/{id}/reject': OPERATOR,
  'GET /admin/api/withdrawals/{id}/proof': OPERATOR,
  'GET /wps/withdraw/info': ACCOUNTS,
  'GET /wps/withdraw/accounts': ACCOUNTS,
  'PUT /wps/withdraw/accounts': ACCOUNTS,
  'DELETE /wps/withdraw/accounts/{id}': ACCOUNTS,
  'PUT /wps/withdraw': ACCOUNTS,
  'GET /wps/withdraw/list': ACCOUNTS,
  'GET /wps/withdraw/{id}': ACCOUNTS,
  'POST /wps/withdraw/{id}/receipt': ACCOUNTS,
  'GET /wps/bgs/game': 'public',
  'POST /wps/bgs/verify': 'public',
  'GET /wps/bgs/seeds': ACCOUNTS,
  'PUT /wps/bgs/seeds/client': ACCOUNTS,
  'POST /wps/bgs/seeds/rotate': ACCOUNTS,
  'POST /wps/bgs/spin': ACCOUNTS,
  'GET /wps/bgs/rounds': ACCOUNTS,
  'DELETE /wps/session/logout': SIGNED_IN,
  'GET /wps/member/info': SIGNED_IN,
  'POST /wps/member/language': SIGNED_IN,
  'POST /wps/session/gamingVenue': SIGNED_IN,
  'GET /wps/v2/wallets/balance': SIGNED_IN,
  'GET /wps/v2/wallets/merchant': SIGNED_IN,
  'GET /wps/member/info/funds/consolidated': ACCOUNTS,
  'POST /wps/v2/wallets/transfer': ACCOUNTS,
  'GET /wps/relay/member/transactions': ACCOUNTS,
  'GET /wps/relay/member/profit': ACCOUNTS,
  'GET /wps/relay/member/bets': ACCOUNTS,
  'GET /wps/relay/member/bonuses': ACCOUNTS,
  'GET /wps/v2/wallets/transfer/upline': ACCOUNTS,
  'POST /wps/v2/wallets/transfer/upline': ACCOUNTS,
  'GET /wps/v2/wallets/transfer/downline': ['agent'],
  'POST /wps/v2/wallets/transfer/downline': ['agent'],
  'GET /wps/agent/report/overview': ['agent'],
  'GET /wps/agent/report/bets': ['agent'],
  'GET /wps/agent/report/loss': ['agent'],
  'GET /wps/agent/report/transactions': ['agent'],
  'GET /wps/agent/report/income': ['agent'],
  'GET /wps/agent/report/overview/export': ['agent'],
  'GET /wps/agent/report/bets/export': ['agent'],
  'GET /wps/agent/report/loss/export': ['agent'],
  'GET /wps/agent/report/transactions/export': ['agent'],
  'GET /wps/agent/report/income/export': ['agent'],
  'POST /wps/member/info': ACCOUNTS,
  'POST /wps/member/info/icon': ACCOUNTS,
  'POST /wps/member/password': ACCOUNTS,
  'POST /wps/member/paymentPassword': ACCOUNTS,
  'POST /wps/member/authenticator/setup': ACCOUNTS,
  'POST /wps/member/authenticator': ACCOUNTS,
  'POST /wps/member/authenticator/unbind': ACCOUNTS,
  'POST /wps/member/selfExclusion': ACCOUNTS,
  'GET /wps/member/loginHistory': ACCOUNTS,
  'POST /wps/member/bind/send': ACCOUNTS,
  'POST /wps/member/bind': ACCOUNTS,
  'GET /wps/v2/member/securityConfig': ACCOUNTS,
  'POST /wps/member/kyc/info': ACCOUNTS,
  'POST /wps/relay/identity/uploadIdImage': ACCOUNTS,
  'GET /wps/deposit/channels': ACCOUNTS,
  'PUT /wps/deposit/manual': ACCOUNTS,
  'PUT /wps/deposit/online': ACCOUNTS,
  'GET /wps/deposit/list': ACCOUNTS,
  'GET /wps/deposit/{id}': ACCOUNTS,
  // Issue 6 content (inbox: accounts only, SPEC section 6) and issue 7 catalogue, system, content admin.
  'GET /wps/relay/banners': 'public',
  'GET /wps/relay/announcements': 'public',
  'GET /wps/relay/announcements/{id}': 'public',
  'GET /wps/relay/notices': 'public',
  'GET /wps/relay/popups': 'public',
  'GET /wps/relay/publicState': 'public',
  'GET /wps/relay/winnerBoard': 'public',
  'GET /wps/relay/sportsMatch/hotList': 'public',
  'GET /wps/relay/messageV2': ACCOUNTS,
  'POST /wps/relay/messageV2/read': ACCOUNTS,
  'GET /wps/relay/messageV2/{id}': ACCOUNTS,
  'POST /wps/relay/messageV2/{id}/read': ACCOUNTS,
  'GET /wps/relay/unreadCount': ACCOUNTS,
  // Members pass the role check; while the referral promotion is off the service answers them
  // FUNCTION_NOT_ENABLED (referral.routes.test.ts).
  'GET /wps/relay/referral': ACCOUNTS,
  'GET /wps/relay/referral/members': ACCOUNTS,
  'DELETE /admin/api/risk/restricted-persons/{id}': OPERATOR,
  'GET /admin/api/catalogue/categories': OPERATOR,
  'PUT /admin/api/catalogue/categories/{id}': OPERATOR,
  'GET /admin/api/catalogue/vendors': OPERATOR,
  'PUT /admin/api/catalogue/vendors/{id}': OPERATOR,
  'GET /admin/api/catalogue/games': OPERATOR,
  'PUT /admin/api/catalogue/games/{id}': OPERATOR,
  'GET /admin/api/system/settings': OPERATOR,
  'PUT /admin/api/system/maintenance': OPERATOR,
  'PUT /admin/api/system/customer-service': OPERATOR,
  'PUT /admin/api/system/time-zone': OPERATOR,
  'PUT /admin/api/system/whitelabel': OPERATOR,
  'PUT /admin/api/system/register-fields/{field}': OPERATOR,
  'PUT /admin/api/system/resources/{key}': OPERATOR,
  'DELETE /admin/api/system/resources/{key}': OPERATOR,
  'PUT /admin/api/system/currency': OPERATOR,
  'POST /admin/api/system/domains': OPERATOR,
  'PUT /admin/api/system/domains/{id}': OPERATOR,
  'DELETE /admin/api/system/domains/{id}': OPERATOR,
  'GET /admin/api/system/region-rules': OPERATOR,
  'POST /admin/api/system/region-rules': OPERATOR,
  'DELETE /admin/api/system/region-rules/{id}': OPERATOR,
  'GET /admin/api/members/{id}/bets': OPERATOR,
  'GET /admin/api/gateway-callbacks': OPERATOR,
  'GET /admin/api/vendor-transfers': OPERATOR,
  'POST /admin/api/vendor-transfers/{id}/resolve': OPERATOR,
  'GET /admin/api/agents/contract-settings': OPERATOR,
  'PUT /admin/api/agents/contract-settings': OPERATOR,
  'GET /admin/api/agents/contracts': OPERATOR,
  'POST /admin/api/agents/contracts': OPERATOR,
  'POST /admin/api/agents/contracts/{id}/carry/reset': OPERATOR,
  'POST /admin/api/agents/contracts/{id}/end': OPERATOR,
  'POST /admin/api/agents/contracts/{id}/termination/accept': OPERATOR,
  'POST /admin/api/agents/contracts/{id}/termination/reject': OPERATOR,
  'POST /admin/api/agents/contracts/{id}/withdraw': OPERATOR,
  'GET /admin/api/agents/settlement-failures': OPERATOR,
  'POST /admin/api/agents/settlement-failures/{id}/retry': OPERATOR,
  'GET /admin/api/agents/settlements': OPERATOR,
  'GET /admin/api/content/banners': OPERATOR,
  'POST /admin/api/content/banners': OPERATOR,
  'PUT /admin/api/content/banners/{id}': OPERATOR,
  'DELETE /admin/api/content/banners/{id}': OPERATOR,
  'GET /admin/api/content/announcements': OPERATOR,
  'POST /admin/api/content/announcements': OPERATOR,
  'PUT /admin/api/content/announcements/{id}': OPERATOR,
  'DELETE /admin/api/content/announcements/{id}': OPERATOR,
  'GET /admin/api/content/help-sections': OPERATOR,
  'POST /admin/api/content/help-sections': OPERATOR,
  'PUT /admin/api/content/help-sections/{id}': OPERATOR,
  'DELETE /admin/api/content/help-sections/{id}': OPERATOR,
  'GET /admin/api/content/hot-matches': OPERATOR,
  'POST /admin/api/content/hot-matches': OPERATOR,
  'PUT /admin/api/content/hot-matches/{id}': OPERATOR,
  'DELETE /admin/api/content/hot-matches/{id}': OPERATOR,
  'GET /admin/api/content/messages': OPERATOR,
  'POST /admin/api/content/messages': OPERATOR,
  'POST /admin/api/content/messages/{id}/withdraw': OPERATOR,
  'POST /admin/api/content/preview': OPERATOR,
  // Issue 8 agent contracts (agents only; records are the caller's own).
  'GET /wps/relay/contracts': ['agent'],
  'POST /wps/relay/contracts': ['agent'],
  'GET /wps/relay/contracts/consolidated': ['agent'],
  'GET /wps/relay/contracts/tiers': ['agent'],
  'GET /wps/relay/contracts/settlements': ['agent'],
  'GET /wps/relay/contracts/settlements/export': ['agent'],
  'GET /wps/relay/contracts/{id}': ['agent'],
  'POST /wps/relay/contracts/{id}/accept': ['agent'],
  'POST /wps/relay/contracts/{id}/reject': ['agent'],
  'POST /wps/relay/contracts/{id}/termination': ['agent'],
  'POST /wps/relay/contracts/{id}/withdraw': ['agent'],
  'POST /wps/relay/contracts/{id}/termination/accept': ['agent'],
  'POST /wps/relay/contracts/{id}/termination/reject': ['agent'],
  // Issue 8 registerCenter and downline manager (agents only; the caller's own team and codes).
  'GET /wps/agent/downlines': ['agent'],
  'POST /wps/agent/downlines': ['agent'],
  'GET /wps/agent/downlines/{id}': ['agent'],
  'GET /wps/agent/team/tree': ['agent'],
  'GET /wps/agent/team/tree/search': ['agent'],
  'GET /wps/agent/affiliate-links': ['agent'],
  'POST /wps/agent/affiliate-links': ['agent'],
  'DELETE /wps/agent/affiliate-links/{code}': ['agent'],
};

/** What a caller without the role must get, and nothing else. */
const REFUSAL: Record<Role, { status: number; code: string }> = {
  visitor: { status: 401, code: 'NOT_LOGGED_IN' },
  trial: { status: 403, code: 'IN_NEED_TRUE_ACCOUNT' },
  member: { status: 403, code: 'FORBIDDEN' },
  agent: { status: 403, code: 'FORBIDDEN' },
};
const REFUSAL_CODES = new Set(Object.values(REFUSAL).map((r) => r.code));

function documentedOperations(): string[] {
  const spec = JSON.parse(
    readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
  );
  return Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

describe('the role matrix', () => {
  it('names every documented route', () => {
    expect(documentedOperations().sort()).toEqual(Object.keys(MATRIX).sort());
  });
});

describe.each(testDatabases)('every route x every role on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  /** A fresh session of each role, so a route that ends one (logout) spoils nothing else. */
  async function sessions(): Promise<Record<Role, string | undefined>> {
    const trial = await api.startFreePlay();
    const member = (await api.register()).json().value;
    const agent = (await api.register()).json().value;
    await database.db.update(members).set({ type: 41 }).where(eq(members.id, agent.user.id));
    return {
      visitor: undefined,
      trial: trial.json().value.token,
      member: member.token,
      agent: agent.token,
    };
  }

  const guarded = Object.entries(MATRIX).filter(
    (entry): entry is [string, typeof OPERATOR | Role[]] => entry[1] !== 'public',
  );

  it.each(guarded)('%s answers only its roles', async (operation, allowed) => {
    const [method, url] = operation.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const tokens = await sessions();
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const role of ROLES) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const res = await api.send(method, url, tokens[role], payload);
      // A file (the CSV exports) is no refusal: refusals are always the JSON envelope.
      const json = String(res.headers['content-type']).startsWith('application/json');
      const body = json ? res.json() : {};
      if (REFUSAL_CODES.has(body.code)) {
        outcome[role] = `${res.statusCode} ${body.code}`;
        // A refusal carries no data of the route.
        expect(body.value ?? {}).toEqual({});
      } else {
        outcome[role] = 'let in';
      }
      expected[role] =
        allowed === OPERATOR
          ? '401 NOT_LOGGED_IN'
          : allowed.includes(role)
            ? 'let in'
            : `${REFUSAL[role].status} ${REFUSAL[role].code}`;
    }
    expect(outcome).toEqual(expected);
  });

  it('lets every role reach the public routes', async () => {
    const tokens = await sessions();
    for (const [operation, rule] of Object.entries(MATRIX)) {
      if (rule !== 'public') continue;
      const [method, url] = operation.split(' ') as ['GET' | 'POST' | 'PUT', string];
      for (const role of ROLES) {
        const res = await api.send(method, url, tokens[role], method === 'GET' ? undefined : {});
        expect(REFUSAL_CODES.has(res.json().code), `${operation} as ${role}`).toBe(false);
      }
    }
  });
});
