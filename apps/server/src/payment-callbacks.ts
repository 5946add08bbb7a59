import { settleOnlineDeposit } from './modules/deposit/index.js';
import type { CallbackSettler } from './modules/payments/index.js';
import { settlePayoutCallback } from './modules/withdrawal/index.js';

/**
 * The payment callback dispatch (composition, so at the app level): the payments module checks
 * a gateway's callback and hands the verified event here; a payout's callback (kind payout) ends
 * a withdrawal, any other credits a deposit.
 */
export const settleGatewayCallback: CallbackSettler = async (db, gatewayCode, event, onLedger) =>
  event.kind === 'payout'
    ? { ...(await settlePayoutCallback(db, gatewayCode, event, onLedger)), depositId: null }
    : settleOnlineDeposit(db, gatewayCode, event, onLedger);
