import { and, eq, notInArray, sql } from 'drizzle-orm';
import { DEFAULT_VENDOR_SIM_URL, isDevelopmentMode } from '../../config/env.js';
import type { Db } from '../client.js';
import { gameCategories, games, merchants, vendorCredentials, vendors } from '../schema/index.js';
import type { LocalizedText } from '../schema/platform.js';
import { gameArtUrl, vendorLogoUrl } from './demo-art.js';
import { runSeedStep } from './run-step.js';

/**
 * The demo catalogue: every game category with vendors and real-looking games. Game codes follow
 * `<VENDOR>-<CATEGORY>-<nnn>`, the convention the reference vendor (apps/vendor-sim) reads to
 * choose what a launch plays (slot, fishing, live table, cockfight). Game tiles and vendor logos
 * are drawn here (demo-art.ts), never fetched from elsewhere.
 */

type GameSeed = {
  name: string | LocalizedText;
  classify: string;
  hot?: boolean;
  new?: boolean;
  /** A vendor lobby entry: opens the vendor's sub-game list (isGame VASSALAGE). */
  lobby?: boolean;
};
type VendorSeed = {
  code: string;
  displayName: string;
  walletMode?: 'seamless' | 'transfer';
  games: GameSeed[];
};
type CategorySeed = { category: string; vendors: VendorSeed[] };

const slot = (name: string, flags: Partial<GameSeed> = {}): GameSeed => ({
  name,
  classify: 'SLOT',
  ...flags,
});
const jackpot = (name: string, flags: Partial<GameSeed> = {}): GameSeed => ({
  name,
  classify: 'JACKPOT',
  ...flags,
});
const fish = (name: string, flags: Partial<GameSeed> = {}): GameSeed => ({
  name,
  classify: 'FISHING',
  ...flags,
});
const table = (name: LocalizedText, classify: string, flags: Partial<GameSeed> = {}): GameSeed => ({
  name,
  classify,
  ...flags,
});
const lobby = (name: LocalizedText): GameSeed => ({ name, classify: 'LOBBY', lobby: true });

/** Vendors of the demo catalogue by category, in menu order (codes from SPEC section 9). */
export const DEMO_CATALOGUE: CategorySeed[] = [
  {
    category: 'ELOTT',
    vendors: [
      {
        code: 'TCG_LOTTO_VN',
        displayName: 'TCG Lotto VN',
        games: [
          table({ EN: 'Vietnam North Lottery', TL: 'Lotto ng Hilagang Vietnam' }, 'LOTTERY', {
            hot: true,
          }),
          table({ EN: 'Vietnam South Lottery', TL: 'Lotto ng Timog Vietnam' }, 'LOTTERY'),
          table({ EN: 'Vietnam Central Lottery', TL: 'Lotto ng Gitnang Vietnam' }, 'LOTTERY'),
          table({ EN: 'VN Mega 6/45', TL: 'VN Mega 6/45' }, 'LOTTERY', { new: true }),
        ],
      },
      {
        code: 'ELOTT',
        displayName: 'LottoStar',
        games: [
          table({ EN: 'Lotto 6/42', TL: 'Lotto 6/42' }, 'LOTTERY'),
          table({ EN: 'Mega Lotto 6/45', TL: 'Mega Lotto 6/45' }, 'LOTTERY', { hot: true }),
          table({ EN: 'Super Lotto 6/49', TL: 'Super Lotto 6/49' }, 'LOTTERY'),
          table({ EN: 'Grand Lotto 6/55', TL: 'Grand Lotto 6/55' }, 'LOTTERY', { new: true }),
        ],
      },
    ],
  },
  {
    category: 'LOTT',
    vendors: [
      {
        code: 'TCG_SEA',
        displayName: 'TCG SEA Lottery',
        games: [
          table({ EN: 'Thai Government Lottery', TL: 'Lotto ng Gobyerno ng Thailand' }, 'LOTTERY'),
          table({ EN: 'Malaysia 4D', TL: 'Malaysia 4D' }, 'LOTTERY'),
          table({ EN: 'Singapore 4D', TL: 'Singapore 4D' }, 'LOTTERY'),
          table({ EN: 'Lao Lottery', TL: 'Lotto ng Laos' }, 'LOTTERY'),
        ],
      },
      {
        code: 'LOTT',
        displayName: 'QuickDraw',
        games: [
          table({ EN: 'Fast 3', TL: 'Mabilis na 3' }, 'QUICK'),
          table({ EN: 'PK10 Racing', TL: 'PK10 Karera' }, 'QUICK', { hot: true }),
          table({ EN: 'Keno 80', TL: 'Keno 80' }, 'QUICK'),
          table({ EN: 'Ball 5D', TL: 'Bola 5D' }, 'QUICK', { new: true }),
        ],
      },
    ],
  },
  {
    category: 'LIVE',
    vendors: [
      {
        code: 'PT',
        displayName: 'Playtech Live',
        games: [
          lobby({ EN: 'Playtech Live Lobby', TL: 'Lobby ng Playtech Live' }),
          table({ EN: 'Baccarat A', TL: 'Baccarat A' }, 'BACCARAT', { hot: true }),
          table({ EN: 'Speed Baccarat', TL: 'Mabilis na Baccarat' }, 'BACCARAT'),
          table({ EN: 'Dragon Tiger', TL: 'Dragon Tiger' }, 'DRAGON_TIGER'),
          table({ EN: 'European Roulette', TL: 'European Roulette' }, 'ROULETTE'),
          table({ EN: 'Sic Bo Deluxe', TL: 'Sic Bo Deluxe' }, 'SICBO', { new: true }),
        ],
      },
      {
        code: 'EG2',
        displayName: 'EG Live',
        games: [
          lobby({ EN: 'EG Live Lobby', TL: 'Lobby ng EG Live' }),
          table({ EN: 'Squeeze Baccarat', TL: 'Squeeze Baccarat' }, 'BACCARAT', { hot: true }),
          table({ EN: 'Color Game', TL: 'Color Game' }, 'COLOR_GAME', { hot: true }),
          table({ EN: 'Blackjack VIP', TL: 'Blackjack VIP' }, 'BLACKJACK'),
          table({ EN: 'Lightning Roulette', TL: 'Lightning Roulette' }, 'ROULETTE', {
            new: true,
          }),
        ],
      },
      {
        // The demo's transfer-wallet vendor: the member moves money into its wallet to play.
        code: 'SA',
        displayName: 'SA Gaming',
        walletMode: 'transfer',
        games: [
          table({ EN: 'SA Baccarat Royale', TL: 'SA Baccarat Royale' }, 'BACCARAT', { hot: true }),
          table({ EN: 'SA Fan Tan', TL: 'SA Fan Tan' }, 'FAN_TAN'),
        ],
      },
    ],
  },
  {
    category: 'SPORTS',
    vendors: [
      {
        code: 'SABA',
        displayName: 'SABA Sports',
        games: [table({ EN: 'SABA Sportsbook', TL: 'SABA Sportsbook' }, 'SPORTSBOOK')],
      },
      {
        code: 'CMD',
        displayName: 'CMD368',
        games: [table({ EN: 'CMD368 Sportsbook', TL: 'CMD368 Sportsbook' }, 'SPORTSBOOK')],
      },
    ],
  },
  {
    category: 'FISH',
    vendors: [
      {
        code: 'JDB',
        displayName: 'JDB',
        games: [fish('Dragon Fishing', { hot: true }), fish('Fishing Disco'), fish('Cai Shen')],
      },
      {
        code: 'FC',
        displayName: 'Fa Chai',
        games: [fish('Fortune Shark'), fish('Golden Toad Fishing', { new: true })],
      },
      {
        code: 'JL',
        displayName: 'JILI',
        games: [fish('Mega Ocean Hunter', { hot: true }), fish('Boom Legend'), fish('Happy Reef')],
      },
      {
        code: 'CQ9',
        displayName: 'CQ9',
        games: [fish('Paradise Fishing'), fish('Lion Dance Fishing', { new: true })],
      },
    ],
  },
  {
    category: 'RNG',
    vendors: [
      {
        code: 'PG',
        displayName: 'PG Soft',
        games: [
          slot('Fortune Koi', { hot: true }),
          slot('Mahjong Riches', { hot: true }),
          slot('Golden Carabao'),
          jackpot('Jeepney Jackpot', { new: true }),
          slot('Dragon Pearl'),
          slot('Lucky Sampaguita'),
          slot('Neon Panda'),
          jackpot('Treasure of Luzon'),
          slot('Mango Madness', { new: true }),
          slot('Sakura Spins'),
        ],
      },
      {
        code: 'EG2',
        displayName: 'EG Gaming',
        games: [
          slot('Pharaoh Vault'),
          slot('Phoenix Rising', { hot: true }),
          slot('Candy Carnival'),
          jackpot('Emperor Feast'),
          slot('Aztec Sun'),
          slot('Moonlight Geisha', { new: true }),
        ],
      },
      {
        code: 'PT',
        displayName: 'Playtech',
        games: [
          jackpot('Age of Heroes', { hot: true }),
          slot('Viking Voyage'),
          slot('Thunder Realm'),
          slot('Jungle Drums'),
          slot('Royal Jewels'),
          jackpot('Gold Rush Express'),
        ],
      },
      {
        code: 'JDB',
        displayName: 'JDB',
        games: [
          slot('Lucky Lantern'),
          slot('Crystal Caverns'),
          slot('Fiesta Fruits', { hot: true }),
          slot('Bamboo Bonanza'),
          jackpot('Money Tree'),
        ],
      },
      {
        code: 'CQ9',
        displayName: 'CQ9',
        games: [
          slot('Samurai Gold'),
          slot('Mystic Monkey'),
          slot('Galaxy Gems', { new: true }),
          jackpot('Fortune Gods'),
          slot('Cowboy Bounty'),
        ],
      },
      {
        code: 'FC',
        displayName: 'Fa Chai',
        games: [
          slot('Red Envelope', { hot: true }),
          slot('Golden Galleon'),
          slot('Hot Chili Wins'),
          slot('Crazy Crab'),
        ],
      },
      {
        code: 'JL',
        displayName: 'JILI',
        games: [
          slot('Super Ace Maharlika', { hot: true }),
          slot('Money Volcano'),
          slot('Knockout Champ', { hot: true }),
          slot('Lucky 777'),
          slot('Diamond Blitz', { new: true }),
          slot('Island Paradise'),
          jackpot('Mermaid Lagoon'),
          slot('Lion Dance Fortune'),
        ],
      },
      {
        code: 'BGS',
        displayName: 'BGS Originals',
        games: [slot('Bayani Fortune', { hot: true, new: true })],
      },
    ],
  },
  {
    category: 'PVP',
    vendors: [
      {
        code: 'JL',
        displayName: 'JILI Cards',
        games: [
          table({ EN: 'Tongits Go', TL: 'Tongits Go' }, 'CARDS', { hot: true }),
          table({ EN: 'Pusoy', TL: 'Pusoy' }, 'CARDS'),
          table({ EN: 'Pusoy Dos', TL: 'Pusoy Dos' }, 'CARDS'),
          table({ EN: 'Texas Hold’em', TL: 'Texas Hold’em' }, 'POKER'),
          table({ EN: 'Teen Patti', TL: 'Teen Patti' }, 'CARDS'),
          table({ EN: 'Rummy', TL: 'Rummy' }, 'CARDS', { new: true }),
        ],
      },
    ],
  },
  {
    category: 'ESPORTS',
    vendors: [
      {
        code: 'TFG',
        displayName: 'TF Gaming',
        games: [table({ EN: 'TF Esports', TL: 'TF Esports' }, 'ESPORTSBOOK')],
      },
      {
        code: 'IAE',
        displayName: 'IA Esports',
        games: [table({ EN: 'IA Esports Arena', TL: 'IA Esports Arena' }, 'ESPORTSBOOK')],
      },
    ],
  },
  {
    category: 'COCKFIGHT',
    vendors: [
      {
        code: 'DS88',
        displayName: 'DS88 Sabong',
        games: [
          table({ EN: 'Sabong Live Arena', TL: 'Sabong Live Arena' }, 'SABONG', { hot: true }),
          table({ EN: 'Derby Night', TL: 'Gabi ng Derby' }, 'SABONG'),
        ],
      },
      {
        code: 'DIG',
        displayName: 'DIG Sabong',
        games: [table({ EN: 'DIG Cockpit', TL: 'Sabungan ng DIG' }, 'SABONG')],
      },
      {
        code: 'WGB',
        displayName: 'WGB Sabong',
        games: [
          table({ EN: 'WGB Championship', TL: 'Kampeonato ng WGB' }, 'SABONG', { new: true }),
        ],
      },
    ],
  },
];

/**
 * Vendors the client plays on its own pages (lottery) or in-house (BGS): the reference vendor
 * does not serve them, so they get no vendor credential.
 */
const NOT_SIMULATED = new Set(['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT', 'BGS']);

/** `<VENDOR>-<CATEGORY>-<nnn>`, or `<VENDOR>-<CATEGORY>-LOBBY` for a vendor entry. */
export function demoGameCode(vendor: string, category: string, n: number, isLobby = false) {
  return `${vendor}-${category}-${isLobby ? 'LOBBY' : String(n).padStart(3, '0')}`;
}

/**
 * Upserts the demo catalogue of `merchantCode`: categories, vendors and games (names, flags,
 * icons and logos updated in place, so a database seeded by an earlier version converges; v3
 * brought the drawn tiles and logos); games of the
 * merchant that the catalogue no longer lists are disabled, never deleted (favourites and
 * betting records keep pointing at them).
 */
export async function seedDemoCatalogue(db: Db, merchantCode: string): Promise<void> {
  await runSeedStep(db, 'demo-catalogue-v3', async (tx) => {
    const [merchant] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, merchantCode));
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    const merchantId = merchant.id;
    const kept: number[] = [];
    for (const [sequence, entry] of DEMO_CATALOGUE.entries()) {
      const [category] = await tx
        .insert(gameCategories)
        .values({ merchantId, code: entry.category, sequence })
        .onConflictDoUpdate({
          target: [gameCategories.merchantId, gameCategories.code],
          set: { sequence },
        })
        .returning({ id: gameCategories.id });
      for (const [vendorSequence, vendor] of entry.vendors.entries()) {
        const [row] = await tx
          .insert(vendors)
          .values({
            merchantId,
            categoryId: category!.id,
            code: vendor.code,
            displayName: vendor.displayName,
            logoUrl: vendorLogoUrl(vendor.code),
            sequence: vendorSequence,
            walletMode: vendor.walletMode ?? 'seamless',
          })
          .onConflictDoUpdate({
            target: [vendors.merchantId, vendors.categoryId, vendors.code],
            set: {
              displayName: vendor.displayName,
              logoUrl: vendorLogoUrl(vendor.code),
              sequence: vendorSequence,
              walletMode: vendor.walletMode ?? 'seamless',
            },
          })
          .returning({ id: vendors.id });
        let n = 0;
        const values = vendor.games.map((game, index) => {
          if (!game.lobby) n += 1;
          const gameCode = demoGameCode(vendor.code, entry.category, n, game.lobby);
          const name = typeof game.name === 'string' ? { EN: game.name, TL: game.name } : game.name;
          return {
            merchantId,
            vendorId: row!.id,
            gameCode,
            name,
            gameType: entry.category,
            gameClassify: game.classify,
            isGame: game.lobby ? 'VASSALAGE' : 'GAME',
            isHot: game.hot ? 1 : 0,
            isNew: game.new ? 1 : 0,
            // One square picture serves both: the home tile and the list card show it square.
            iconUrl: gameArtUrl(gameCode),
            lagerIcon: gameArtUrl(gameCode),
            enabled: true,
            sequence: index,
          };
        });
        const inserted = await tx
          .insert(games)
          .values(values)
          .onConflictDoUpdate({
            target: [games.merchantId, games.vendorId, games.gameCode],
            set: {
              name: sql`excluded.name`,
              gameType: sql`excluded.game_type`,
              gameClassify: sql`excluded.game_classify`,
              isGame: sql`excluded.is_game`,
              isHot: sql`excluded.is_hot`,
              isNew: sql`excluded.is_new`,
              iconUrl: sql`excluded.icon_url`,
              lagerIcon: sql`excluded.lager_icon`,
              enabled: true,
              sequence: sql`excluded.sequence`,
            },
          })
          .returning({ id: games.id });
        kept.push(...inserted.map((g) => g.id));
      }
    }
    await tx
      .update(games)
      .set({ enabled: false })
      .where(and(eq(games.merchantId, merchantId), notInArray(games.id, kept)));
  });
}

/**
 * Where the reference vendor listens and the secret it shares with the demo merchant (as stored:
 * src/demo.ts seals it with the app's secret box).
 */
export type DemoVendorSettings = { baseUrl: string; secret: string };

/** The secret the reference vendor uses by default (apps/vendor-sim/src/config.ts); dev only. */
export const DEV_VENDOR_SIM_SECRET = 'vendor-sim-development-secret';

/**
 * The reference vendor's settings from the environment: VENDOR_SIM_URL (default
 * http://127.0.0.1:4100) and VENDOR_SIM_SECRET, or the development secret when none is set.
 * Only in an explicit development mode: elsewhere no credential is seeded (null).
 */
export function demoVendorSettings(env: {
  NODE_ENV?: string | undefined;
  VENDOR_SIM_URL?: string | undefined;
  VENDOR_SIM_SECRET?: string | undefined;
}): DemoVendorSettings | null {
  if (!isDevelopmentMode(env.NODE_ENV)) return null;
  return {
    baseUrl: (env.VENDOR_SIM_URL || DEFAULT_VENDOR_SIM_URL).replace(/\/+$/, ''),
    secret: env.VENDOR_SIM_SECRET || DEV_VENDOR_SIM_SECRET,
  };
}

/**
 * Credentials of the vendors the reference vendor plays (every vendor but lottery and in-house),
 * with the merchant's currency. Run again with new settings, it updates the URL and secret.
 */
export async function seedDemoVendorCredentials(
  db: Db,
  merchantCode: string,
  settings: DemoVendorSettings | null,
): Promise<void> {
  if (!settings) return;
  const [merchant] = await db
    .select({ id: merchants.id, currency: merchants.currency })
    .from(merchants)
    .where(eq(merchants.code, merchantCode));
  if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
  const modes = new Map<string, 'seamless' | 'transfer'>();
  for (const entry of DEMO_CATALOGUE) {
    for (const vendor of entry.vendors) {
      if (NOT_SIMULATED.has(vendor.code)) continue;
      // A code listed under several categories is one vendor to the wallet, with one mode.
      modes.set(vendor.code, vendor.walletMode ?? 'seamless');
    }
  }
  await db
    .insert(vendorCredentials)
    .values(
      [...modes].map(([vendorCode, walletMode]) => ({
        merchantId: merchant.id,
        vendorCode,
        walletMode,
        secret: settings.secret,
        currency: merchant.currency,
        baseUrl: settings.baseUrl,
      })),
    )
    .onConflictDoUpdate({
      target: [vendorCredentials.merchantId, vendorCredentials.vendorCode],
      set: { baseUrl: settings.baseUrl, secret: sql`excluded.secret` },
    });
}
