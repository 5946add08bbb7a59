/** The four games the sim deals, one per kind of content the platform lists. */
export const GAME_KINDS = ['slot', 'fishing', 'baccarat', 'cockfight'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** Stakes a member may choose, in minor units (PHP 1 to 500). */
export const STAKES = [100n, 500n, 1000n, 5000n, 10000n, 50000n] as const;

const KIND_BY_CATEGORY: Record<string, GameKind> = {
  FISH: 'fishing',
  LIVE: 'baccarat',
  COCKFIGHT: 'cockfight',
};

/**
 * What a platform game code plays. The demo catalogue names games `<VENDOR>-<CATEGORY>-<n>`
 * (PG-RNG-001, JDB-FISH-002, PT-LIVE-001, DS88-COCKFIGHT-001): fishing, live and cockfight
 * categories get their games, every other category (slots, cards, lottery) the slot.
 */
export function gameKindOf(gameCode: string): GameKind {
  const category = gameCode.split('-')[1]?.toUpperCase() ?? '';
  return KIND_BY_CATEGORY[category] ?? 'slot';
}

/** The vendor code a game code starts with, for launches sent to the sim's bare /launch. */
export function vendorCodeOf(gameCode: string): string {
  return gameCode.split('-')[0] ?? gameCode;
}
