/**
 * The double-entry ledger (decision 007): every money movement is an entry of balanced postings
 * on member, merchant and vendor accounts, posted, held and settled here; batched posting for
 * high-volume callers.
 */
export type { AccountRef } from './accounts.js';
export { tellEntry } from './entry-listener.js';
export type { EntryListener } from './entry-listener.js';
export { inBatchTransaction, inCallerTransaction } from './sessions.js';
export type { Session } from './sessions.js';
export {
  findEntryByKey,
  lockSender,
  mainBalance,
  memberBalances,
  placeHoldIn,
  postEntryIn,
  prepareEntry,
  settleHoldIn,
} from './ledger.service.js';
export type { EntryRequest, EntryResult, EntryType, Posting } from './ledger.service.js';
export { LedgerSetBatch } from './set-batch.js';
export { ledgerStatements } from './ledger.repository.js';
export {
  accountPostingsFrom,
  entryIdByKeyExpression,
  firstDepositPostingsFrom,
  hasLedgerEntries,
  mainBalancesOf,
  memberGameRows,
  memberLedgerLines,
  memberPostingsFrom,
  memberRecordRows,
  memberRecordTotals,
  memberTotalsByType,
  sentFromMainSince,
  teamPostingsFrom,
} from './reads.repository.js';
export type {
  GameRow,
  LedgerLineRow,
  PostingScope,
  RecordRow,
  RecordScope,
} from './reads.repository.js';
