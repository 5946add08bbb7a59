/**
 * Operator accounts (decision 008): the back office's sign-in, enrolment and roles. Other modules
 * guard their back-office routes with its guards and read the acting operator; the app-level job
 * registry schedules its attempts prune.
 */
export { anyOperator, operatorActor, operatorAllow, signedInOperator } from './operator.guards.js';
export { operatorAttemptsPruneJob } from './operator.jobs.js';
export { generatePassword, insertOperator, issueEnrolmentCode } from './operator.service.js';
export type { OperatorRow } from './operator.service.js';
