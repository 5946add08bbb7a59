import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { assertNotBlocked, type DoorSwitches } from '../modules/system/system.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route starts new play or moves new money in (login, registration, launch, bet, deposit,
     * transfer): refused while maintenance, a region rule or the member's self-exclusion applies
     * (decision 018). A route that moves money both ways says which bodies start something.
     */
    startsPlayOrMoney?: true | ((body: unknown) => boolean);
  }
}

/**
 * One hook decides for every route of `api` that declares `startsPlayOrMoney`, after its role
 * check and its body's validation, so no such route can forget the blocking states.
 */
export function registerBlockingStates(
  api: FastifyInstance,
  deps: { db: Db; switches: DoorSwitches },
): void {
  api.addHook('preHandler', async (request) => {
    const declared = request.routeOptions.config.startsPlayOrMoney;
    if (!declared || (declared !== true && !declared(request.body))) return;
    const { auth } = request;
    await assertNotBlocked(deps, request.ctx, auth.role === 'visitor' ? null : auth.member);
  });
}
