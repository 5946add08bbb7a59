import type { GameItem } from '@app/shared';
import { paths } from '@/config/paths';
import { pendingIntentStore } from './pending-intent-store';

/**
 * What a trial account tried to do when it was refused (SPEC sections 2 and 6), kept while it
 * registers so the new member carries on where it was: a game tapped on page `from`, or a page
 * (member page, lottery or game page) it tried to open. `at` is when it was refused.
 */
export type PendingIntent =
  | { kind: 'game'; game: GameItem; from: string; at: number }
  | { kind: 'page'; to: string; at: number };

/** A refusal older than this is not acted on any more: the player has moved on. */
export const PENDING_INTENT_TTL_MS = 30 * 60 * 1000;

/** Pages that are never resumed to: the registration and login themselves. */
const NOT_RESUMED = new Set<string>([paths.register, paths.login]);

/** A path of this site ("/rng?x=1"), never another site's address ("//host", "https:"). */
function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

function pathnameOf(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? path;
}

/** What a game needs to go through the launch again (start-game): the rest is not checked. */
function isLaunchableGame(value: unknown): value is GameItem {
  if (typeof value !== 'object' || value === null) return false;
  const game = value as Record<string, unknown>;
  return (
    typeof game.nodeId === 'number' &&
    Number.isSafeInteger(game.nodeId) &&
    ['nodeName', 'vassalage', 'gameType', 'gameCode', 'isGame', 'vendorName'].every(
      (field) => typeof game[field] === 'string',
    )
  );
}

/**
 * The stored intent, or null when there is none or it cannot be acted on: unreadable, older
 * than PENDING_INTENT_TTL_MS (or from the future), or leading off the site or back into the
 * registration.
 */
export function parsePendingIntent(raw: string | null, now: number): PendingIntent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const intent = value as Record<string, unknown>;
  const { at } = intent;
  if (typeof at !== 'number' || at > now || now - at > PENDING_INTENT_TTL_MS) return null;
  if (intent.kind === 'game') {
    if (!isLaunchableGame(intent.game) || !isLocalPath(intent.from)) return null;
    if (NOT_RESUMED.has(pathnameOf(intent.from))) return null;
    return { kind: 'game', game: intent.game, from: intent.from, at };
  }
  if (intent.kind === 'page') {
    if (!isLocalPath(intent.to) || NOT_RESUMED.has(pathnameOf(intent.to))) return null;
    return { kind: 'page', to: intent.to, at };
  }
  return null;
}

/** Where registration (or login) leads while an intent is pending: where the resume happens. */
export function intentLanding(intent: PendingIntent): string {
  return intent.kind === 'game' ? intent.from : intent.to;
}

/** The session facts a resume depends on. */
type Resumer = { isTrial: boolean; passwordChangeRequired: boolean } | null;

/** What to do about a pending intent now, given the session and the page shown. */
export type ResumeStep =
  | { kind: 'wait' }
  | { kind: 'start'; game: GameItem }
  | { kind: 'navigate'; to: string }
  | { kind: 'done' };

/**
 * Nothing happens until a member or agent session exists (not a trial, no forced password
 * change first) and the registration or login page has given way. Then a game goes through the
 * normal launch (start-game: balance, sub-game and maintenance popups, the game page) and a page
 * is opened, unless it is already the page shown.
 */
export function resumeStep(intent: PendingIntent, session: Resumer, location: string): ResumeStep {
  if (!session || session.isTrial || session.passwordChangeRequired) return { kind: 'wait' };
  if (NOT_RESUMED.has(pathnameOf(location))) return { kind: 'wait' };
  if (intent.kind === 'game') return { kind: 'start', game: intent.game };
  return intent.to === location ? { kind: 'done' } : { kind: 'navigate', to: intent.to };
}

/** The pending intent now, if it is still fresh and can be acted on. */
export function readPendingIntent(raw = pendingIntentStore.get()): PendingIntent | null {
  return parsePendingIntent(raw, Date.now());
}
