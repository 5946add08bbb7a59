import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showAlert } from './dialogs';
import { useSession } from './session';

/**
 * The check in front of every game start and vendor entry (SPEC section 2, "Game launch"): a
 * visitor gets the login modal, a trial account is told it needs a real account
 * (in_need_true_account); both stop there. Returns whether the launch may go on, so the caller
 * goes ahead only for a member or agent.
 */
export function useGameLaunch(): () => boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const loggedIn = session !== null && !session.passwordChangeRequired;
  const isTrial = session?.isTrial === true;
  return useCallback(() => {
    if (!loggedIn) {
      void navigate(paths.login);
      return false;
    }
    if (isTrial) {
      void showAlert(t('prompts.in_need_true_account'));
      return false;
    }
    return true;
  }, [loggedIn, isTrial, navigate, t]);
}

/** For a link that opens a vendor or a game: the click only follows it when the launch may go on. */
export function useGameLaunchClick(): (event: { preventDefault: () => void }) => void {
  const mayLaunch = useGameLaunch();
  return useCallback(
    (event) => {
      if (!mayLaunch()) event.preventDefault();
    },
    [mayLaunch],
  );
}
