import { settleOnlineDeposit, type DepositListener } from './modules/deposit/index.js';
import type { CallbackSettler } from './modules/payments/index.js';
import { settlePayoutCallback } from './modules/withdrawal/index.js';

/**
 * The payment callback dispatch (composition, so at the app level): the payments module checks
 * a gateway's callback and hands the verified event here; a payout's callback (kind payout) ends
 * a withdrawal, any other credits or fails a deposit, whose new status `onDeposit` hears.
 */
export function gatewayCallbackSettler(onDeposit: DepositListener): CallbackSettler {
  return async (db, gatewayCode, event, onLedger) =>
    event.kind === 'payout'
      ? { ...(await settlePayoutCallback(db, gatewayCode, event, onLedger)), depositId: null }
      : settleOnlineDeposit(db, gatewayCode, event, { onCredit: onLedger, onChange: onDeposit });
}
