import type { GameCategory, GameItem, GameVendor } from '@app/shared';
import { LOTTERY_ROUTES, VENDOR_ICON_CODES } from '@app/shared/home';
import { categoryPaths, vendorPath } from '@/config/paths';

/** The look of a home-row tile: one of 5, picked by the game's node id (SPEC section 2). */
export function tileVariant(nodeId: number): number {
  return (Math.abs(nodeId) % 5) + 1;
}

/** The look of a list card: one of 9, picked by the game's node id (SPEC section 2). */
export function cardVariant(nodeId: number): number {
  return (Math.abs(nodeId) % 9) + 1;
}

/** The vendor code a tile shows as its vendor icon, or null for vendors without one (SPEC 9). */
export function vendorIcon(vassalage: string): string | null {
  return (VENDOR_ICON_CODES as readonly string[]).includes(vassalage) ? vassalage : null;
}

/** Live tables are shown by their image alone: no vendor icon, no start label (SPEC 2). */
export function tileShowsImageOnly(gameType: GameCategory): boolean {
  return gameType === 'LIVE';
}

/** The session facts a launch depends on. */
export type Launcher = { loggedIn: boolean; isTrial: boolean };

/**
 * What clicking a game does (SPEC section 2, "Game launch"), in the SPEC's order: a visitor is
 * sent to log in and a trial account is refused before anything else; lottery vendors and
 * lottery games open their own pages with the game code; a vendor entry (isGame VASSALAGE)
 * of the RNG list opens the slots page filtered to that vendor, any other vendor entry lists its
 * games in the sub-game popup; every other game is launched through /wps/game/launchGame.
 */
export type LaunchStep =
  | { kind: 'login' }
  | { kind: 'trial' }
  | { kind: 'navigate'; to: string }
  | { kind: 'subGames'; vassalage: string; gameType: GameCategory }
  | { kind: 'launch'; nodeId: number };

type LaunchItem = Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType' | 'gameCode' | 'isGame'>;

function withGameCode(path: string, gameCode: string): string {
  return `${path}?${new URLSearchParams({ gameCode }).toString()}`;
}

export function launchStep(item: LaunchItem, launcher: Launcher): LaunchStep {
  if (!launcher.loggedIn) return { kind: 'login' };
  if (launcher.isTrial) return { kind: 'trial' };
  if (item.vassalage === 'TCG_LOTTO_VN' || item.vassalage === 'TCG_SEA') {
    return { kind: 'navigate', to: withGameCode(LOTTERY_ROUTES[item.vassalage], item.gameCode) };
  }
  if (item.gameType === 'LOTT' || item.gameType === 'ELOTT') {
    return { kind: 'navigate', to: withGameCode(LOTTERY_ROUTES[item.gameType], item.gameCode) };
  }
  if (item.isGame === 'VASSALAGE') {
    if (item.gameType === 'RNG') {
      return { kind: 'navigate', to: vendorPath(categoryPaths.RNG, item.vassalage) };
    }
    return { kind: 'subGames', vassalage: item.vassalage, gameType: item.gameType };
  }
  return { kind: 'launch', nodeId: item.nodeId };
}

/**
 * Where a vendor chip leads (home provider row, provider page): RNG vendors to the slots page
 * filtered to them, any other to its category page filtered the same way.
 */
export function vendorPage(vendor: Pick<GameVendor, 'vassalage' | 'gameType'>): string {
  return vendorPath(categoryPaths[vendor.gameType], vendor.vassalage);
}

/** SPEC section 9: the fake online count of a list card stays within 500 to 2000 players. */
export const ONLINE_MIN = 500;
export const ONLINE_MAX = 2000;
/** It changes every 3 s by at most this many players either way. */
export const ONLINE_TICK_MS = 3000;
export const ONLINE_STEP = 25;

/** The count a card opens with; `random` is in [0, 1) like Math.random. */
export function initialOnlineCount(random: number): number {
  return ONLINE_MIN + Math.floor(random * (ONLINE_MAX - ONLINE_MIN + 1));
}

/** The count 3 s later: a value of -25 to +25 added, kept inside 500 to 2000. */
export function nextOnlineCount(current: number, random: number): number {
  const step = Math.floor(random * (2 * ONLINE_STEP + 1)) - ONLINE_STEP;
  return Math.min(ONLINE_MAX, Math.max(ONLINE_MIN, current + step));
}

/**
 * A gate that lets one call through per `intervalMs` (the favourite toggle's 1000 ms throttle):
 * a call inside the interval after the last one that passed is dropped.
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now) {
  let last = -Infinity;
  return (): boolean => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}

/**
 * The vendor's game address when it can be opened: an absolute http(s) URL, or a path on this
 * site (the in-house games). Anything else (javascript:, data:, garbage) is refused as an
 * invalid URL (SPEC section 8) instead of being put in the page.
 */
export function playableUrl(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return parsed.href;
  } catch {
    return null;
  }
}

/** A game page that has not loaded after this long is reported as a page-load timeout. */
export const PAGE_LOAD_TIMEOUT_MS = 30_000;
