/**
 * One-time codes by SMS or e-mail and the message sender (the outbox in development): other
 * modules send and consume a code.
 */
export type { MessageSender } from './message-sender.js';
export {
  CODE_MAX_ATTEMPTS,
  consumeCode,
  phoneDestination,
  sendCode,
} from './verification.service.js';
export type { CodePurpose, VerificationDeps } from './verification.service.js';
