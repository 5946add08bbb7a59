import type { GameCategory, GameItem, LaunchGameResult } from '@app/shared';
import { GameMaintenanceDetails } from '@app/shared/home';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths, seamlessPath } from '@/config/paths';
import { ApiError } from '@app/client';
import { showAlert } from '@/lib/dialogs';
import { refuseTrial } from '@/lib/trial-refusal';
import { errorText } from '@/lib/error-text';
import { useLanguage } from '@app/client';
import { useIsLoggedIn, useSession } from '@/lib/session';
import { createStore } from '@app/client';
import { launchGame } from './api/games';
import { launchStep } from './game-rules';

/** The popups a game click can open on top of the page it was made on. */
export type LaunchPopup =
  | { kind: 'subGames'; vassalage: string; gameType: GameCategory; title: string }
  | { kind: 'maintenance'; game: Pick<GameItem, 'nodeName'> | null; suggestions: GameItem[] };

const popup = createStore<LaunchPopup | null>(null);
export const useLaunchPopup = popup.use;
export function closeLaunchPopup(): void {
  popup.set(null);
}

/** What the /seamless page is given by the click that launched the game (router state). */
export type SeamlessState = { launch: Extract<LaunchGameResult, { mode: 'URL' }>; name: string };

/** Web (desktop or phone) as the vendor's launch call expects it. */
export function launchPlatform(): string {
  return window.matchMedia('(max-width: 768px)').matches ? 'html5' : 'html5-desktop';
}

/** A GAME_MAINTENANCE refusal: the maintenance popup with the other games it suggests. */
export function maintenanceSuggestions(error: unknown): GameItem[] | null {
  if (!(error instanceof ApiError) || error.code !== 'GAME_MAINTENANCE') return null;
  const details = GameMaintenanceDetails.safeParse(error.value);
  return details.success ? details.data.suggestions : [];
}

// A second click while a launch is on its way is ignored: it would open the game twice.
let launching = false;

/**
 * Starts a game from a tile, a list card or a vendor entry, following SPEC section 2 "Game
 * launch" (see launchStep): log in, trial refusal (lib/trial-refusal, which keeps the game to
 * start once the trial has registered), lottery pages, slots page of a vendor, the
 * sub-game popup, or /wps/game/launchGame and the /seamless page that hosts the vendor's game.
 */
export function useStartGame(): (game: GameItem) => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useLanguage();
  const loggedIn = useIsLoggedIn();
  const isTrial = useSession()?.isTrial === true;

  const follow = useCallback(
    (result: LaunchGameResult, game: GameItem) => {
      if (result.mode === 'URL') {
        const state: SeamlessState = { launch: result, name: game.nodeName };
        void navigate(seamlessPath(game.nodeId), { state });
      } else if (result.mode === 'ROUTE') {
        const query = new URLSearchParams(result.query).toString();
        void navigate(query ? `${result.path}?${query}` : result.path);
      } else {
        popup.set({ ...result, kind: 'subGames', title: game.vendorName });
      }
    },
    [navigate],
  );

  return useCallback(
    (game: GameItem) => {
      // A game picked inside a popup (sub-game list, suggestions) leaves it behind.
      popup.set(null);
      const step = launchStep(game, { loggedIn, isTrial });
      switch (step.kind) {
        case 'login':
          void navigate(paths.login);
          return;
        case 'trial':
          // Registering from the refusal comes back to this page and starts the game from here.
          void refuseTrial({
            kind: 'game',
            game,
            from: `${location.pathname}${location.search}`,
          });
          return;
        case 'navigate':
          void navigate(step.to);
          return;
        case 'subGames':
          popup.set({ ...step, title: game.vendorName });
          return;
        case 'launch':
          break;
      }
      if (launching) return;
      launching = true;
      launchGame({
        nodeId: step.nodeId,
        platform: launchPlatform(),
        language,
        backUrl: `${location.pathname}${location.search}`,
      })
        .then(
          (result) => follow(result, game),
          (error: unknown) => {
            const suggestions = maintenanceSuggestions(error);
            if (suggestions) popup.set({ kind: 'maintenance', game, suggestions });
            else void showAlert(errorText(t, error));
          },
        )
        .finally(() => {
          launching = false;
        });
    },
    [loggedIn, isTrial, navigate, t, language, location.pathname, location.search, follow],
  );
}
