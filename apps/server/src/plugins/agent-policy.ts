import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { assertAgentPolicy } from '../modules/system/system.service.js';

/**
 * The agent programme's doors (decision 020): the agent centre (/wps/agent/..., the affiliate
 * check included), contracts and their settlements (/wps/relay/contracts...), and transfers to a
 * downline. Matched on the route's pattern, so a new agent route under these paths is covered.
 */
const AGENT_DOORS = [
  /^\/wps\/agent\//,
  /^\/wps\/relay\/contracts(\/|$)/,
  /^\/wps\/v2\/wallets\/transfer\/downline$/,
];

export function isAgentDoor(url: string | undefined): boolean {
  return url !== undefined && AGENT_DOORS.some((door) => door.test(url));
}

/**
 * With AGENTPOLICY3 off every agent door answers FUNCTION_NOT_ENABLED, after the route's role
 * check (a visitor still learns NOT_LOGGED_IN) and before its body is validated. The agent-area
 * login and registration with an affiliate code check the same switch in their services.
 */
export function registerAgentPolicy(api: FastifyInstance, deps: { db: Db }): void {
  api.addHook('preValidation', async (request) => {
    if (!isAgentDoor(request.routeOptions.url)) return;
    await assertAgentPolicy(deps.db, request.ctx.merchant.id);
  });
}
