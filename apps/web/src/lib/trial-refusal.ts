import type { GameItem } from '@app/shared';
import i18n from 'i18next';
import { paths } from '@/config/paths';
import { showInfoWithAction } from './dialogs';
import { clearPendingIntent, savePendingIntent } from './pending-intent-store';

/** What the trial tried: a game tapped on page `from`, or a page it tried to open. */
export type RefusedIntent =
  { kind: 'game'; game: GameItem; from: string } | { kind: 'page'; to: string };

/**
 * The refusal a trial account meets at a game or a member page (SPEC sections 2 and 6): an
 * information that says the rule in plain words, with "Register" one tap away. Taking it keeps
 * what the trial chose (lib/pending-intent), so the game or page opens once it is registered.
 */
export async function refuseTrial(intent: RefusedIntent): Promise<void> {
  const answer = await showInfoWithAction(
    i18n.t(intent.kind === 'game' ? 'trial.game' : 'trial.page'),
    {
      title: i18n.t('trial.title'),
      action: { label: i18n.t('trial.register'), to: paths.register },
    },
  );
  if (answer === 'action') savePendingIntent({ ...intent, at: Date.now() });
  else clearPendingIntent();
}

/** The page shown now, as a path of this site. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
