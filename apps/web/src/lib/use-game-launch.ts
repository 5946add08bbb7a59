import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from './session';
import { currentPath, refuseTrial } from './trial-refusal';

/**
 * The check in front of every game start and vendor entry (SPEC section 2, "Game launch"): a
 * visitor gets the login modal, a trial account gets the trial refusal (lib/trial-refusal) with
 * registration one tap away, which opens `target` (by default the page shown) once registered;
 * both stop there. Returns whether the launch may go on, so the caller goes ahead only for a
 * member or agent.
 */
export function useGameLaunch(): (target?: string) => boolean {
  const navigate = useNavigate();
  const session = useSession();
  const loggedIn = session !== null && !session.passwordChangeRequired;
  const isTrial = session?.isTrial === true;
  return useCallback(
    (target?: string) => {
      if (!loggedIn) {
        void navigate(paths.login);
        return false;
      }
      if (isTrial) {
        void refuseTrial({ kind: 'page', to: target ?? currentPath() });
        return false;
      }
      return true;
    },
    [loggedIn, isTrial, navigate],
  );
}

/**
 * For a link that opens a vendor or a game: the click only follows it when the launch may go on;
 * a refused trial is brought to the link's page once registered.
 */
export function useGameLaunchClick(): (event: {
  preventDefault: () => void;
  currentTarget: Element;
}) => void {
  const mayLaunch = useGameLaunch();
  return useCallback(
    (event) => {
      const href = event.currentTarget.getAttribute('href') ?? undefined;
      if (!mayLaunch(href)) event.preventDefault();
    },
    [mayLaunch],
  );
}
