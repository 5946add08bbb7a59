import type { GameItem } from '@app/shared';
import { FAVORITE_THROTTLE_MS } from '@app/shared/home';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { useIsLoggedIn } from '@/lib/session';
import { addFavorite, gameKeys, isFavoriteList, markFavorite, removeFavorite } from './api/games';
import { createThrottle } from './game-rules';

// One gate for the whole app: the 1000 ms is between any two toggles, as the server counts them.
const mayToggle = createThrottle(FAVORITE_THROTTLE_MS);

/**
 * The favourite toggle of a list card (SPEC sections 4 and 5): login is checked first (a visitor
 * is sent to log in), then the 1000 ms throttle; a favourite is removed from every list on screen
 * at once and put back if the server refuses, a new one shows once the server has it.
 */
export function useFavoriteToggle(): (game: GameItem) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  return useCallback(
    (game: GameItem) => {
      if (!loggedIn) {
        void navigate(paths.login);
        return;
      }
      if (!mayToggle()) return;
      const refreshLists = () => queryClient.invalidateQueries({ queryKey: gameKeys.all });
      if (game.favorite) {
        markFavorite(queryClient, game.nodeId, false);
        removeFavorite(game.nodeId).catch((error: unknown) => {
          void refreshLists();
          void showAlert(errorText(t, error));
        });
        return;
      }
      addFavorite(game).then(
        () => {
          markFavorite(queryClient, game.nodeId, true);
          // The favourite lists gain the game in the server's order.
          void queryClient.invalidateQueries({
            predicate: (query) => isFavoriteList(query.queryKey),
          });
        },
        (error: unknown) => void showAlert(errorText(t, error)),
      );
    },
    [loggedIn, navigate, queryClient, t],
  );
}
