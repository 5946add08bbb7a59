import type { FastifyInstance } from 'fastify';
import { assertAgentPolicy, type DoorSwitches } from '../modules/system/index.js';

/**
 * The agent programme's doors (decision 020): the app registers the agent centre (/wps/agent/...,
 * the affiliate check included), contracts and their settlements (/wps/relay/contracts...) and
 * transfers to a downline inside one scope and closes it with this hook; so every route of those
 * plugins is a door, whatever its path.
 *
 * With AGENTPOLICY3 off every door answers FUNCTION_NOT_ENABLED, after the route's role check (a
 * visitor still learns NOT_LOGGED_IN) and before its body is validated. The agent-area login and
 * registration with an affiliate code check the same switch in their services.
 */
export function closeWithAgentPolicy(
  doors: FastifyInstance,
  deps: { switches: DoorSwitches },
): void {
  doors.addHook('preValidation', async (request) => {
    await assertAgentPolicy(deps.switches, request.ctx.merchant.id);
  });
}
