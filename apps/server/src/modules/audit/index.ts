/**
 * The append-only, hash-chained audit log of money actions and operator decisions: other modules
 * append to it inside their own transactions.
 */
export { appendAudit } from './audit.service.js';
export type { AuditEntry } from './audit.service.js';
