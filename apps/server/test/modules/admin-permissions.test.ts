import {
  OPERATOR_ROLES,
  ROLE_PERMISSIONS,
  type OperatorPermission,
  type OperatorRole,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { auditLog } from '../../src/db/schema/index.js';
import { adminApi } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER } from '../support/member-api.js';
import { signInOperatorDetails } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

/**
 * Every issue-7 back-office endpoint with the one permission it needs (written here, not read
 * from the routes, so a route guarded by the wrong permission fails).
 */
const ENDPOINTS: [string, string, OperatorPermission][] = [
  ['GET', '/admin/api/members', 'members.read'],
  ['GET', '/admin/api/members/{id}', 'members.read'],
  ['GET', '/admin/api/members/{id}/balances', 'members.read'],
  ['GET', '/admin/api/members/{id}/ledger', 'members.read'],
  ['GET', '/admin/api/members/{id}/logins', 'members.read'],
  ['GET', '/admin/api/members/{id}/ips', 'members.read'],
  ['POST', '/admin/api/members/{id}/lock', 'members.write'],
  ['POST', '/admin/api/members/{id}/unlock', 'members.write'],
  ['POST', '/admin/api/members/{id}/reset-password', 'members.write'],
  ['PUT', '/admin/api/members/{id}/type', 'members.write'],
  ['PUT', '/admin/api/members/{id}/agent', 'members.write'],
  ['POST', '/admin/api/members/{id}/adjustments', 'members.adjust'],
  ['GET', '/admin/api/adjustments', 'members.adjust'],
  ['POST', '/admin/api/adjustments/{id}/approve', 'members.adjust'],
  ['POST', '/admin/api/adjustments/{id}/reject', 'members.adjust'],
  ['GET', '/admin/api/adjustments/settings', 'members.adjust'],
  ['PUT', '/admin/api/adjustments/settings', 'operators.manage'],
  ['GET', '/admin/api/kyc', 'kyc.review'],
  ['GET', '/admin/api/kyc/{memberId}', 'kyc.review'],
  ['GET', '/admin/api/kyc/{memberId}/documents/{kind}', 'kyc.review'],
  ['POST', '/admin/api/kyc/{memberId}/approve', 'kyc.review'],
  ['POST', '/admin/api/kyc/{memberId}/reject', 'kyc.review'],
  ['POST', '/admin/api/risk/restricted-persons/import', 'risk.manage'],
  ['GET', '/admin/api/risk/restricted-persons', 'risk.manage'],
  ['GET', '/admin/api/risk/restricted-matches', 'risk.manage'],
  ['GET', '/admin/api/risk/queue', 'risk.manage'],
  ['GET', '/admin/api/risk/self-exclusions', 'risk.manage'],
  ['GET', '/admin/api/risk/shared-addresses', 'risk.manage'],
  ['GET', '/admin/api/risk/shared-devices', 'risk.manage'],
  ['GET', '/admin/api/reports/daily', 'reports.read'],
  ['GET', '/admin/api/reports/daily.csv', 'reports.read'],
  ['GET', '/admin/api/reports/games.csv', 'reports.read'],
  ['GET', '/admin/api/operators', 'operators.manage'],
  ['POST', '/admin/api/operators', 'operators.manage'],
  ['POST', '/admin/api/operators/{id}/disable', 'operators.manage'],
  ['POST', '/admin/api/operators/{id}/enable', 'operators.manage'],
  ['POST', '/admin/api/operators/{id}/reset-totp', 'operators.manage'],
  ['GET', '/admin/api/audit', 'audit.read'],
  ['GET', '/admin/api/audit.csv', 'audit.read'],
  ['GET', '/admin/api/catalogue/categories', 'catalogue.write'],
  ['PUT', '/admin/api/catalogue/categories/{id}', 'catalogue.write'],
  ['GET', '/admin/api/catalogue/vendors', 'catalogue.write'],
  ['PUT', '/admin/api/catalogue/vendors/{id}', 'catalogue.write'],
  ['GET', '/admin/api/catalogue/games', 'catalogue.write'],
  ['PUT', '/admin/api/catalogue/games/{id}', 'catalogue.write'],
  ['GET', '/admin/api/system/settings', 'system.write'],
  ['PUT', '/admin/api/system/maintenance', 'system.write'],
  ['PUT', '/admin/api/system/customer-service', 'system.write'],
  ['PUT', '/admin/api/system/whitelabel', 'system.write'],
  ['PUT', '/admin/api/system/register-fields/{field}', 'system.write'],
  ['PUT', '/admin/api/system/resources/{key}', 'system.write'],
  ['DELETE', '/admin/api/system/resources/{key}', 'system.write'],
  ['PUT', '/admin/api/system/currency', 'system.write'],
  ['POST', '/admin/api/system/domains', 'system.write'],
  ['PUT', '/admin/api/system/domains/{id}', 'system.write'],
  ['DELETE', '/admin/api/system/domains/{id}', 'system.write'],
  ['GET', '/admin/api/system/region-rules', 'system.write'],
  ['POST', '/admin/api/system/region-rules', 'system.write'],
  ['DELETE', '/admin/api/system/region-rules/{id}', 'system.write'],
  ['GET', '/admin/api/members/{id}/bets', 'members.read'],
  ['GET', '/admin/api/gateway-callbacks', 'payments.channels'],
  ['GET', '/admin/api/vendor-transfers', 'members.adjust'],
  ['POST', '/admin/api/vendor-transfers/{id}/resolve', 'members.adjust'],
  ['GET', '/admin/api/agents/contract-settings', 'members.read'],
  ['PUT', '/admin/api/agents/contract-settings', 'system.write'],
  ['GET', '/admin/api/agents/contracts', 'members.read'],
  ['POST', '/admin/api/agents/contracts', 'system.write'],
  ['DELETE', '/admin/api/risk/restricted-persons/{id}', 'risk.manage'],
  ['GET', '/admin/api/content/hot-matches', 'content.write'],
  ['POST', '/admin/api/content/hot-matches', 'content.write'],
  ['PUT', '/admin/api/content/hot-matches/{id}', 'content.write'],
  ['DELETE', '/admin/api/content/hot-matches/{id}', 'content.write'],
  ['GET', '/admin/api/content/banners', 'content.write'],
  ['POST', '/admin/api/content/banners', 'content.write'],
  ['PUT', '/admin/api/content/banners/{id}', 'content.write'],
  ['DELETE', '/admin/api/content/banners/{id}', 'content.write'],
  ['GET', '/admin/api/content/announcements', 'content.write'],
  ['POST', '/admin/api/content/announcements', 'content.write'],
  ['PUT', '/admin/api/content/announcements/{id}', 'content.write'],
  ['DELETE', '/admin/api/content/announcements/{id}', 'content.write'],
  ['GET', '/admin/api/content/help-sections', 'content.write'],
  ['POST', '/admin/api/content/help-sections', 'content.write'],
  ['PUT', '/admin/api/content/help-sections/{id}', 'content.write'],
  ['DELETE', '/admin/api/content/help-sections/{id}', 'content.write'],
  ['GET', '/admin/api/content/messages', 'content.write'],
  ['POST', '/admin/api/content/messages', 'content.write'],
  ['POST', '/admin/api/content/messages/{id}/withdraw', 'content.write'],
  ['POST', '/admin/api/content/preview', 'content.write'],
];

/** A concrete URL of a route pattern (ids that exist nowhere: the guard runs before any lookup). */
function concrete(pattern: string): string {
  return pattern
    .replace('{id}', '999999')
    .replace('{memberId}', '999999')
    .replace('{kind}', 'front')
    .replace('{field}', 'email')
    .replace('{key}', 'VIBER');
}

describe.each(testDatabases)('back-office permission matrix on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  const operators = {} as Record<OperatorRole, { token: string; operatorId: number }>;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    call = adminApi(app);
    for (const role of OPERATOR_ROLES) {
      operators[role] = await signInOperatorDetails(app, database.db, {
        role,
        merchantId: MERCHANT_ID,
      });
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(ENDPOINTS)('%s %s needs %s', async (method, pattern, permission) => {
    const outcome: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const role of OPERATOR_ROLES) {
      const { token, operatorId } = operators[role];
      const res = await call(
        token,
        method as 'GET',
        concrete(pattern),
        method === 'GET' ? undefined : {},
      );
      const code = String(res.headers['content-type']).includes('json')
        ? res.json().code
        : undefined;
      outcome[role] = res.statusCode === 403 && code === 'FORBIDDEN' ? 'forbidden' : 'let in';
      const allowed = ROLE_PERMISSIONS[role].includes(permission);
      expected[role] = allowed ? 'let in' : 'forbidden';
      if (!allowed) {
        // The refused attempt is in the audit log, with the route and the missing permission.
        const entries = await database.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, 'operator.forbidden'),
              eq(auditLog.actorId, String(operatorId)),
              eq(auditLog.subjectId, `${method} ${pattern.replace(/\{(\w+)\}/g, ':$1')}`),
            ),
          );
        expect(entries.at(-1)?.after, `${role} ${method} ${pattern}`).toEqual({ permission, role });
      }
    }
    expect(outcome).toEqual(expected);
    // Without an operator token nothing answers.
    const anonymous = await app.inject({ method: method as 'GET', url: concrete(pattern) });
    expect(anonymous.statusCode).toBe(401);
  });
});
