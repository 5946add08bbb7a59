/**
 * Operator accounts (decision 008): the back office's sign-in, enrolment and roles, and the
 * conventions every back-office action follows (who the acting operator is, auditing the action,
 * paging and date output). Other modules guard their back-office routes with its guards, read the
 * acting operator and audit through it; the app-level job registry schedules its attempts prune.
 */
export { actorOf, auditAction, isoOrNull, pageWindow } from './operator-action.js';
export type { OperatorActor } from './operator-action.js';
export { anyOperator, operatorActor, operatorAllow, signedInOperator } from './operator.guards.js';
export { operatorAttemptsPruneJob } from './operator.jobs.js';
export { generatePassword, insertOperator, issueEnrolmentCode } from './operator.service.js';
export type { OperatorRow } from './operator.service.js';
