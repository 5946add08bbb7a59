import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { GatewayRegistry, PaymentGateway } from './gateway.js';
import { paymentsRoutes } from './payments.routes.js';
import type { CallbackSettler } from './payments.service.js';
import { createSandboxGateway } from './sandbox/sandbox.gateway.js';
import { sandboxRoutes } from './sandbox/sandbox.routes.js';
import { sandboxKey } from './sandbox/sandbox-signature.js';

/** The gateways this configuration has: the sandbox unless it is off (production without key). */
export function createGateways(db: Db, env: Env): GatewayRegistry {
  const gateways = new Map<string, PaymentGateway>();
  const key = sandboxKey(env);
  if (key) {
    const sandbox = createSandboxGateway(db, key);
    gateways.set(sandbox.code, sandbox);
  }
  return gateways;
}

/**
 * The gateways' callback route and, when on, the sandbox gateway's own pages. The sandbox lives
 * in this process, so it delivers its signed callbacks through the server's own request
 * handling (the same route, headers and raw body a real gateway's HTTP request would reach).
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  db: Db,
  env: Env,
  gateways: GatewayRegistry,
  settle: CallbackSettler,
): Promise<void> {
  await app.register(paymentsRoutes, { db, gateways, settle });
  const key = sandboxKey(env);
  if (!key) return;
  await app.register(sandboxRoutes, {
    db,
    key,
    deliver: async (path, callback) => {
      const res = await app.inject({
        method: 'POST',
        url: path,
        headers: callback.headers,
        payload: callback.body,
      });
      return { status: res.statusCode, body: res.body };
    },
  });
}
