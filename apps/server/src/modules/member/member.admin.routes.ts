import {
  AdjustmentSettings,
  AdminAdjustment,
  AdminAdjustmentPage,
  AdminAdjustmentQuery,
  AdminIdParams,
  AdminLedgerPage,
  AdminLedgerQuery,
  AdminLoginPage,
  AdminLoginQuery,
  AdminMemberBalances,
  AdminMemberIpList,
  AdminMemberPage,
  AdminMemberProfile,
  AdminMemberSearchQuery,
  AdminMoveMemberRequest,
  AdminReasonRequest,
  AdminResetPasswordRequest,
  AdminResetPasswordResult,
  AdminSetMemberTypeRequest,
  CreateAdjustmentRequest,
  DecideAdjustmentRequest,
  UpdateAdjustmentSettingsRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { actorOf } from '../operator/index.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import { ledgerPublisher } from '../realtime/index.js';
import {
  adjustmentSettings,
  approveAdjustment,
  listAdjustments,
  rejectAdjustment,
  requestAdjustment,
  updateAdjustmentSettings,
} from './adjustment.admin.service.js';
import {
  addressesOf,
  balancesOf,
  ledgerOf,
  lockMember,
  loginsOf,
  memberProfile,
  moveMember,
  resetPassword,
  searchMembers,
  setMemberType,
  unlockMember,
} from './member.admin.service.js';

const tags = ['admin-members'];

/**
 * The back office's member pages and balance adjustments (issue 7). A member's bets belong to the
 * vendor-wallet module (its bet tables), which adds its own `/admin/api/members/:id/bets`; until
 * then the ledger lines here show every bet, returned bet and payout entry.
 */
export const adminMemberRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const read = operatorAllow('members.read');
  const write = operatorAllow('members.write');
  const adjust = operatorAllow('members.adjust');
  const merchantOf = (req: Parameters<typeof signedInOperator>[0]) =>
    signedInOperator(req).merchant.id;

  app.get(
    '/admin/api/members',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "Search the merchant's members by username, mobile, email, name or agent",
        tags,
        querystring: AdminMemberSearchQuery,
        value: AdminMemberPage,
      }),
    },
    async (req) => ok(await searchMembers(db, merchantOf(req), req.query)),
  );
  app.get(
    '/admin/api/members/:id',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "A member's profile",
        tags,
        params: AdminIdParams,
        value: AdminMemberProfile,
      }),
    },
    async (req) => ok(await memberProfile(db, merchantOf(req), req.params.id)),
  );
  app.get(
    '/admin/api/members/:id/balances',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "A member's main, commission and vendor wallet balances (ledger accounts)",
        tags,
        params: AdminIdParams,
        value: AdminMemberBalances,
      }),
    },
    async (req) => ok(await balancesOf(db, signedInOperator(req).merchant, req.params.id)),
  );
  app.get(
    '/admin/api/members/:id/ledger',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "Postings on a member's ledger accounts, newest first",
        tags,
        params: AdminIdParams,
        querystring: AdminLedgerQuery,
        value: AdminLedgerPage,
      }),
    },
    async (req) => ok(await ledgerOf(db, merchantOf(req), req.params.id, req.query)),
  );
  app.get(
    '/admin/api/members/:id/logins',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "A member's login attempts, newest first",
        tags,
        params: AdminIdParams,
        querystring: AdminLoginQuery,
        value: AdminLoginPage,
      }),
    },
    async (req) => ok(await loginsOf(db, merchantOf(req), req.params.id, req.query)),
  );
  app.get(
    '/admin/api/members/:id/ips',
    {
      onRequest: read,
      schema: memberRoute({
        summary: "A member's addresses and the other members seen at each",
        tags,
        params: AdminIdParams,
        value: AdminMemberIpList,
      }),
    },
    async (req) => ok(await addressesOf(db, merchantOf(req), req.params.id)),
  );

  app.post(
    '/admin/api/members/:id/lock',
    {
      onRequest: write,
      schema: memberRoute({
        summary: 'Lock a member: sessions end, no login until unlocked; audited',
        tags,
        params: AdminIdParams,
        body: AdminReasonRequest,
        value: AdminMemberProfile,
      }),
    },
    async (req) => ok(await lockMember(db, operatorActor(req), req.params.id, req.body.reason)),
  );
  app.post(
    '/admin/api/members/:id/unlock',
    {
      onRequest: write,
      schema: memberRoute({
        summary: 'Unlock a member; audited',
        tags,
        params: AdminIdParams,
        body: AdminReasonRequest,
        value: AdminMemberProfile,
      }),
    },
    async (req) => ok(await unlockMember(db, operatorActor(req), req.params.id, req.body.reason)),
  );
  app.post(
    '/admin/api/members/:id/reset-password',
    {
      onRequest: write,
      schema: memberRoute({
        summary: 'Reset a password: a temporary one, changed by the member at next login',
        tags,
        params: AdminIdParams,
        body: AdminResetPasswordRequest,
        value: AdminResetPasswordResult,
      }),
    },
    async (req) => ok(await resetPassword(db, operatorActor(req), req.params.id, req.body.reason)),
  );
  app.put(
    '/admin/api/members/:id/type',
    {
      onRequest: write,
      schema: memberRoute({
        summary: 'Set the account type: member, agent types or trial; audited',
        tags,
        params: AdminIdParams,
        body: AdminSetMemberTypeRequest,
        value: AdminMemberProfile,
      }),
    },
    async (req) => ok(await setMemberType(db, operatorActor(req), req.params.id, req.body)),
  );
  app.put(
    '/admin/api/members/:id/agent',
    {
      onRequest: write,
      schema: memberRoute({
        summary: 'Move a member and its downline under another agent; audited',
        tags,
        params: AdminIdParams,
        body: AdminMoveMemberRequest,
        value: AdminMemberProfile,
      }),
    },
    async (req) => ok(await moveMember(db, operatorActor(req), req.params.id, req.body)),
  );

  app.post(
    '/admin/api/members/:id/adjustments',
    {
      config: { moneyAction: true },
      onRequest: adjust,
      schema: memberRoute({
        summary:
          'Adjust the main wallet with a reason; over the threshold a second operator approves',
        tags,
        params: AdminIdParams,
        body: CreateAdjustmentRequest,
        value: AdminAdjustment,
      }),
    },
    async (req) =>
      ok(
        await requestAdjustment(
          db,
          actorOf(req),
          req.params.id,
          req.body,
          ledgerPublisher(req.server.realtime),
        ),
      ),
  );
  app.get(
    '/admin/api/adjustments',
    {
      onRequest: adjust,
      schema: memberRoute({
        summary: "The merchant's balance adjustments, newest first",
        tags,
        querystring: AdminAdjustmentQuery,
        value: AdminAdjustmentPage,
      }),
    },
    async (req) => ok(await listAdjustments(db, merchantOf(req), req.query)),
  );
  app.post(
    '/admin/api/adjustments/:id/approve',
    {
      config: { moneyAction: true },
      onRequest: adjust,
      schema: memberRoute({
        summary: "Approve another operator's pending adjustment: the ledger entry posts",
        tags,
        params: AdminIdParams,
        body: DecideAdjustmentRequest,
        value: AdminAdjustment,
      }),
    },
    async (req) =>
      ok(
        await approveAdjustment(
          db,
          actorOf(req),
          req.params.id,
          req.body.reason,
          ledgerPublisher(req.server.realtime),
        ),
      ),
  );
  app.post(
    '/admin/api/adjustments/:id/reject',
    {
      config: { moneyAction: true },
      onRequest: adjust,
      schema: memberRoute({
        summary: "Reject another operator's pending adjustment; nothing moves",
        tags,
        params: AdminIdParams,
        body: DecideAdjustmentRequest,
        value: AdminAdjustment,
      }),
    },
    async (req) => ok(await rejectAdjustment(db, actorOf(req), req.params.id, req.body.reason)),
  );
  app.get(
    '/admin/api/adjustments/settings',
    {
      onRequest: adjust,
      schema: memberRoute({
        summary: 'The amount above which an adjustment needs a second operator',
        tags,
        value: AdjustmentSettings,
      }),
    },
    async (req) => ok(await adjustmentSettings(db, merchantOf(req))),
  );
  app.put(
    '/admin/api/adjustments/settings',
    {
      onRequest: operatorAllow('operators.manage'),
      schema: memberRoute({
        summary: 'Change the four-eyes threshold of adjustments (owner); audited',
        tags,
        body: UpdateAdjustmentSettingsRequest,
        value: AdjustmentSettings,
      }),
    },
    async (req) => ok(await updateAdjustmentSettings(db, actorOf(req), req.body.approvalThreshold)),
  );
};
