import { SettlementClockResult, SettlementClockRun } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { MerchantZones } from '../merchant/index.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { appendAudit } from '../audit/index.js';
import { operatorActor, operatorAllow } from '../operator/index.js';
import type { Realtime } from '../realtime/index.js';
import { settleAhead } from './settlement-clock.service.js';

/**
 * Test aid: registered only with SETTLEMENT_CLOCK_AID=true, which the environment check refuses
 * in production. Journeys use it to see a daily contract settled without waiting for midnight.
 */
export const settlementClockRoutes: FastifyPluginAsyncZod<{
  db: Db;
  zones: MerchantZones;
  realtime: Pick<Realtime, 'publishBalance' | 'publishToMember'>;
}> = async (app, { db, zones, realtime }) => {
  app.post(
    '/admin/api/dev/settlement/run',
    {
      onRequest: operatorAllow('system.write'),
      schema: memberRoute({
        summary: 'Settle now what the settlement job settles later (test aid, not in production)',
        tags: ['development'],
        body: SettlementClockRun,
        value: SettlementClockResult,
      }),
    },
    async (req) => {
      const actor = operatorActor(req);
      const result = await settleAhead({ db, zones }, realtime, actor.merchantId, req.body);
      await appendAudit(db, {
        merchantId: actor.merchantId,
        actorType: 'operator',
        actorId: String(actor.operatorId),
        action: 'dev.settlement_ahead',
        subjectType: 'settlement',
        subjectId: req.body.type,
        after: result,
        ip: actor.ip,
      });
      return ok(result);
    },
  );
};
