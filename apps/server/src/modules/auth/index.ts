/**
 * Members' sign-up, sign-in (password, SMS code, second verification) and sessions. Social
 * sign-in completes a sign-in here; the agent module checks registration fields and throttles by
 * address with it; the app authenticates each request's session with it. It builds on the member
 * store (member), not the other way round.
 */
export type { AuthDeps } from './auth.deps.js';
export { deviceIdOf } from './device-id.js';
export { assertMayLogIn, completeLogin, throttleAddress } from './login.service.js';
export { fieldIssues } from './register.service.js';
export type { Auth, MemberRow } from './session.service.js';
