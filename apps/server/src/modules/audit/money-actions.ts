import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves money (a transfer, a deposit or withdrawal decision, an adjustment) or
     * answers an agent contract, which decides what an agent is paid: every successful call
     * writes an audit entry (who, whom, amount, currency, the ledger entry or the contract before
     * and after). `test/modules/money-audit.test.ts` lists these routes from this flag and calls
     * each one.
     */
    moneyAction?: true;
  }
  interface FastifyInstance {
    /** Every route registered, with its method and config (the money-route audit test reads it). */
    registeredRoutes: RegisteredRoute[];
  }
}

export type RegisteredRoute = {
  method: string;
  url: string;
  moneyAction: boolean;
  /** The blocking states' flag (decision 018): the route starts play or moves money in. */
  startsPlayOrMoney: boolean;
};

/** Records every route as it is registered (call before any route). */
export function registerRouteList(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = route.config as { moneyAction?: true; startsPlayOrMoney?: unknown } | undefined;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        moneyAction: config?.moneyAction === true,
        startsPlayOrMoney: Boolean(config?.startsPlayOrMoney),
      });
    }
  });
}
