import i18n from 'i18next';
import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { showAlert } from '@/lib/dialogs';
import { isAgentSession, isTrialSession, readSessionToken } from '@/lib/session';

/** Loader of routes that need a signed-in account: visitors go to /login. */
export function requireSession() {
  return readSessionToken() ? null : redirect(paths.login);
}

/**
 * Loader of the member centre and of the lottery pages a game launch opens: visitors go to
 * /login; a trial account is told it needs a real account (in_need_true_account) and stays on
 * the page it came from (SPEC sections 2 and 6: trial accounts cannot launch games).
 */
export function requireRealAccount({ request }: { request: Request }) {
  if (!readSessionToken()) return redirect(paths.login);
  if (!isTrialSession()) return null;
  void showAlert(i18n.t('prompts.in_need_true_account'));
  // While a loader runs the address bar still shows the page the link was clicked on; when the
  // page itself was opened (typed, reloaded), there is nowhere to stay and home it is.
  const from = `${window.location.pathname}${window.location.search}`;
  const target = new URL(request.url);
  const opened = from === `${target.pathname}${target.search}`;
  return redirect(opened || from.startsWith(paths.member) ? paths.home : from);
}

/** Loader of the agent centre: visitors go to /login, signed-in non-agents to /agent. */
export function requireAgent() {
  if (!readSessionToken()) return redirect(paths.login);
  return isAgentSession() ? null : redirect(paths.agent);
}
