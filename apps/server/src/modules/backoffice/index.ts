/**
 * The back office's shared conventions for operator actions: who the acting operator is, auditing
 * an action, paging and date output.
 */
export { actorOf, auditAction, isoOrNull, pageWindow } from './operator-action.js';
export type { OperatorActor } from './operator-action.js';
