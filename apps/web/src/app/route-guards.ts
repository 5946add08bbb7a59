import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { isAgentSession, isTrialSession, readSessionToken } from '@/lib/session';
import { currentPath, refuseTrial } from '@/lib/trial-refusal';

/** Loader of routes that need a signed-in account: visitors go to /login. */
export function requireSession() {
  return readSessionToken() ? null : redirect(paths.login);
}

/**
 * Loader of the member centre and of the lottery pages a game launch opens: visitors go to
 * /login; a trial account gets the trial refusal (lib/trial-refusal: the rule, and "Register",
 * after which this page opens) and stays on the page it came from (SPEC sections 2 and 6: trial
 * accounts cannot launch games nor use member pages).
 */
export function requireRealAccount({ request }: { request: Request }) {
  if (!readSessionToken()) return redirect(paths.login);
  if (!isTrialSession()) return null;
  // While a loader runs the address bar still shows the page the link was clicked on; when the
  // page itself was opened (typed, reloaded), there is nowhere to stay and home it is.
  const from = currentPath();
  const target = new URL(request.url);
  const to = `${target.pathname}${target.search}`;
  void refuseTrial({ kind: 'page', to });
  const opened = from === to;
  return redirect(opened || from.startsWith(paths.member) ? paths.home : from);
}

/** Loader of the agent centre: visitors go to /login, signed-in non-agents to /agent. */
export function requireAgent() {
  if (!readSessionToken()) return redirect(paths.login);
  return isAgentSession() ? null : redirect(paths.agent);
}
