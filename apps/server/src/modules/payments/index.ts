/**
 * Payment gateways: the adapters (sandbox and real), their registry and the gateways' callback
 * route. Deposits and withdrawals use the gateway contract; the callback dispatch to them is
 * wired at the app level.
 */
export { callbackPathOf } from './gateway.js';
export type { CallbackEvent, GatewayRegistry, PaymentGateway, PayoutResult } from './gateway.js';
export type { CallbackSettler } from './payments.service.js';
