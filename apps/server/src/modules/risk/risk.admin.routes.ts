import {
  AdminIdParams,
  DeletedRestrictedPerson,
  RestrictedImportRequest,
  RestrictedImportResult,
  RestrictedMatchPage,
  RestrictedMatchQuery,
  RestrictedPersonPage,
  RestrictedPersonQuery,
  RiskQueuePage,
  RiskQueueQuery,
  SelfExclusionPage,
  SelfExclusionQuery,
  SharedAddressPage,
  SharedAddressQuery,
  SharedDevicePage,
  SharedDeviceQuery,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import {
  deleteRestricted,
  importList,
  restrictedList,
  restrictedMatches,
  riskQueue,
  selfExclusions,
  sharedAddresses,
  sharedDevices,
} from './risk.admin.service.js';

const tags = ['admin-risk'];

/** The risk team's pages (permission risk.manage). */
export const adminRiskRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onRequest = operatorAllow('risk.manage');
  const merchantOf = (req: Parameters<typeof signedInOperator>[0]) =>
    signedInOperator(req).merchant.id;
  app.post(
    '/admin/api/risk/restricted-persons/import',
    {
      onRequest,
      // A national list runs to megabytes of CSV.
      bodyLimit: 6_000_000,
      schema: memberRoute({
        summary: 'Import restricted persons from CSV; one bad line imports nothing; audited',
        tags,
        body: RestrictedImportRequest,
        value: RestrictedImportResult,
      }),
    },
    async (req) => ok(await importList(db, operatorActor(req), req.body.csv)),
  );
  app.get(
    '/admin/api/risk/restricted-persons',
    {
      onRequest,
      schema: memberRoute({
        summary: 'The restricted-persons list, newest first',
        tags,
        querystring: RestrictedPersonQuery,
        value: RestrictedPersonPage,
      }),
    },
    async (req) => ok(await restrictedList(db, merchantOf(req), req.query)),
  );
  app.delete(
    '/admin/api/risk/restricted-persons/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Remove one restricted-persons entry; audited',
        tags,
        params: AdminIdParams,
        value: DeletedRestrictedPerson,
      }),
    },
    async (req) => ok(await deleteRestricted(db, operatorActor(req), req.params.id)),
  );
  app.get(
    '/admin/api/risk/restricted-matches',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Members matching a restricted-persons entry',
        tags,
        querystring: RestrictedMatchQuery,
        value: RestrictedMatchPage,
      }),
    },
    async (req) => ok(await restrictedMatches(db, merchantOf(req), req.query)),
  );
  app.get(
    '/admin/api/risk/queue',
    {
      onRequest,
      schema: memberRoute({
        summary: 'The risk queue: restricted-person matches found by imports, logins and KYC',
        tags,
        querystring: RiskQueueQuery,
        value: RiskQueuePage,
      }),
    },
    async (req) => ok(await riskQueue(db, merchantOf(req), req.query)),
  );
  app.get(
    '/admin/api/risk/self-exclusions',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Members self-excluded now',
        tags,
        querystring: SelfExclusionQuery,
        value: SelfExclusionPage,
      }),
    },
    async (req) => ok(await selfExclusions(db, merchantOf(req), req.query)),
  );
  app.get(
    '/admin/api/risk/shared-addresses',
    {
      onRequest,
      schema: memberRoute({
        summary: 'IP addresses several members logged in from',
        tags,
        querystring: SharedAddressQuery,
        value: SharedAddressPage,
      }),
    },
    async (req) => ok(await sharedAddresses(db, merchantOf(req), req.query)),
  );
  app.get(
    '/admin/api/risk/shared-devices',
    {
      onRequest,
      schema: memberRoute({
        summary: "Device ids (the browser's Device-Id) several members logged in from",
        tags,
        querystring: SharedDeviceQuery,
        value: SharedDevicePage,
      }),
    },
    async (req) => ok(await sharedDevices(db, merchantOf(req), req.query)),
  );
};
