/**
 * Live pushes to members and operators over WebSocket (balances after a ledger entry, unread
 * counts): other modules publish through it.
 */
export { ledgerPublisher, publishLedgerResult } from './publish-ledger.js';
export type { Realtime } from './realtime.service.js';
