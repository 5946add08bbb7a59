import {
  AdminDomain,
  AdminIdParams,
  AdminRegionRule,
  AdminRegionRulePage,
  AdminResourceList,
  AdminSystemSettings,
  CreateRegionRuleRequest,
  DomainRequest,
  RegionRuleQuery,
  RegisterFieldParams,
  ResourceKeyParams,
  UpdateCurrencyRequest,
  UpdateCustomerServiceRequest,
  UpdateMaintenanceRequest,
  UpdateRegisterFieldRequest,
  UpdateResourceRequest,
  UpdateTimeZoneRequest,
  UpdateWhitelabelRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { MerchantZones } from '../merchant/index.js';
import type { DoorSwitches } from './system.service.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { operatorActor, operatorAllow, signedInOperator } from '../operator/index.js';
import * as service from './system.admin.service.js';

const tags = ['admin-system'];

/** The system settings page (permission system.write). */
export const adminSystemRoutes: FastifyPluginAsyncZod<{
  db: Db;
  switches: DoorSwitches;
  zones: MerchantZones;
}> = async (app, { db, switches, zones }) => {
  const onRequest = operatorAllow('system.write');
  const merchantOf = (req: Parameters<typeof signedInOperator>[0]) =>
    signedInOperator(req).merchant.id;

  app.get(
    '/admin/api/system/settings',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Maintenance, switches, register fields, links, currency and domains',
        tags,
        value: AdminSystemSettings,
      }),
    },
    async (req) => ok(await service.systemSettings(db, merchantOf(req))),
  );
  app.put(
    '/admin/api/system/maintenance',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Switch maintenance on (with title and text) or off; audited',
        tags,
        body: UpdateMaintenanceRequest,
        value: AdminSystemSettings,
      }),
    },
    async (req) =>
      ok(await service.updateMaintenance({ db, switches }, operatorActor(req), req.body)),
  );
  app.put(
    '/admin/api/system/customer-service',
    {
      onRequest,
      schema: memberRoute({
        summary: 'The customer service link; audited',
        tags,
        body: UpdateCustomerServiceRequest,
        value: AdminSystemSettings,
      }),
    },
    async (req) => ok(await service.updateCustomerService(db, operatorActor(req), req.body.url)),
  );
  app.put(
    '/admin/api/system/time-zone',
    {
      onRequest,
      schema: memberRoute({
        summary:
          "The merchant's time zone (IANA name): its days for limits, records, reports; audited",
        tags,
        body: UpdateTimeZoneRequest,
        value: AdminSystemSettings,
      }),
    },
    async (req) =>
      ok(await service.updateTimeZone({ db, zones }, operatorActor(req), req.body.timeZone)),
  );
  app.put(
    '/admin/api/system/whitelabel',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Set white-label switches; audited',
        tags,
        body: UpdateWhitelabelRequest,
        value: AdminSystemSettings,
      }),
    },
    async (req) =>
      ok(await service.updateWhitelabel({ db, switches }, operatorActor(req), req.body)),
  );
  app.put(
    '/admin/api/system/register-fields/:field',
    {
      onRequest,
      schema: memberRoute({
        summary: "Replace a registration field's rule; audited",
        tags,
        params: RegisterFieldParams,
        body: UpdateRegisterFieldRequest,
        value: AdminSystemSettings,
      }),
    },
    async (req) =>
      ok(await service.updateRegisterField(db, operatorActor(req), req.params.field, req.body)),
  );
  app.put(
    '/admin/api/system/resources/:key',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Create or replace a link (social link, app download...); audited',
        tags,
        params: ResourceKeyParams,
        body: UpdateResourceRequest,
        value: AdminResourceList,
      }),
    },
    async (req) => ok(await service.putResource(db, operatorActor(req), req.params.key, req.body)),
  );
  app.delete(
    '/admin/api/system/resources/:key',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Remove a link; audited',
        tags,
        params: ResourceKeyParams,
        value: AdminResourceList,
      }),
    },
    async (req) => ok(await service.removeResource(db, operatorActor(req), req.params.key)),
  );
  app.put(
    '/admin/api/system/currency',
    {
      onRequest,
      schema: memberRoute({
        summary: 'The currency (fixed once money moved) and its symbol; audited',
        tags,
        body: UpdateCurrencyRequest,
        value: AdminSystemSettings,
      }),
    },
    async (req) => ok(await service.updateCurrency(db, operatorActor(req), req.body)),
  );
  app.post(
    '/admin/api/system/domains',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Add a domain of the merchant; audited',
        tags,
        body: DomainRequest,
        value: AdminDomain,
      }),
    },
    async (req) => ok(await service.createDomain(db, operatorActor(req), req.body)),
  );
  app.put(
    '/admin/api/system/domains/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Change a domain of the merchant; audited',
        tags,
        params: AdminIdParams,
        body: DomainRequest,
        value: AdminDomain,
      }),
    },
    async (req) => ok(await service.updateDomain(db, operatorActor(req), req.params.id, req.body)),
  );
  app.delete(
    '/admin/api/system/domains/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Remove a domain of the merchant; audited',
        tags,
        params: AdminIdParams,
        value: AdminDomain,
      }),
    },
    async (req) => ok(await service.deleteDomain(db, operatorActor(req), req.params.id)),
  );
  app.get(
    '/admin/api/system/region-rules',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Region rules, newest first',
        tags,
        querystring: RegionRuleQuery,
        value: AdminRegionRulePage,
      }),
    },
    async (req) => ok(await service.regionRulePage(db, merchantOf(req), req.query)),
  );
  app.post(
    '/admin/api/system/region-rules',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Block an IP range or a country; audited',
        tags,
        body: CreateRegionRuleRequest,
        value: AdminRegionRule,
      }),
    },
    async (req) => ok(await service.createRegionRule(db, operatorActor(req), req.body)),
  );
  app.delete(
    '/admin/api/system/region-rules/:id',
    {
      onRequest,
      schema: memberRoute({
        summary: 'Remove a region rule; audited',
        tags,
        params: AdminIdParams,
        value: AdminRegionRule,
      }),
    },
    async (req) => ok(await service.deleteRegionRule(db, operatorActor(req), req.params.id)),
  );
};
