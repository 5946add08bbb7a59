/**
 * Members' betting and transaction records: other modules read the record type of a ledger entry.
 */
export { recordType } from './records.service.js';
