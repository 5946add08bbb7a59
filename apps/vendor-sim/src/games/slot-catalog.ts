import { SLOT_THEMES, SLOT_VARIANTS, type SlotTheme, type SlotVariant } from './slot.js';

/**
 * The sim's slot games, as a vendor's own game list: each platform game code it knows plays one
 * of the themed slots under its catalogue name (the demo catalogue's RNG games,
 * apps/server/src/db/seed/demo-catalogue.ts; a test keeps the two lists in step).
 */
const KNOWN_SLOTS: Record<string, { name: string; theme: SlotTheme }> = {
  'PG-RNG-001': { name: 'Fortune Koi', theme: 'ocean' },
  'PG-RNG-002': { name: 'Mahjong Riches', theme: 'dragons' },
  'PG-RNG-003': { name: 'Golden Carabao', theme: 'sevens' },
  'PG-RNG-004': { name: 'Jeepney Jackpot', theme: 'sevens' },
  'PG-RNG-005': { name: 'Dragon Pearl', theme: 'dragons' },
  'PG-RNG-006': { name: 'Lucky Sampaguita', theme: 'fruits' },
  'PG-RNG-007': { name: 'Neon Panda', theme: 'gems' },
  'PG-RNG-008': { name: 'Treasure of Luzon', theme: 'ocean' },
  'PG-RNG-009': { name: 'Mango Madness', theme: 'fruits' },
  'PG-RNG-010': { name: 'Sakura Spins', theme: 'dragons' },
  'EG2-RNG-001': { name: 'Pharaoh Vault', theme: 'gems' },
  'EG2-RNG-002': { name: 'Phoenix Rising', theme: 'dragons' },
  'EG2-RNG-003': { name: 'Candy Carnival', theme: 'fruits' },
  'EG2-RNG-004': { name: 'Emperor Feast', theme: 'dragons' },
  'EG2-RNG-005': { name: 'Aztec Sun', theme: 'gems' },
  'EG2-RNG-006': { name: 'Moonlight Geisha', theme: 'gems' },
  'PT-RNG-001': { name: 'Age of Heroes', theme: 'sevens' },
  'PT-RNG-002': { name: 'Viking Voyage', theme: 'ocean' },
  'PT-RNG-003': { name: 'Thunder Realm', theme: 'gems' },
  'PT-RNG-004': { name: 'Jungle Drums', theme: 'fruits' },
  'PT-RNG-005': { name: 'Royal Jewels', theme: 'gems' },
  'PT-RNG-006': { name: 'Gold Rush Express', theme: 'sevens' },
  'JDB-RNG-001': { name: 'Lucky Lantern', theme: 'dragons' },
  'JDB-RNG-002': { name: 'Crystal Caverns', theme: 'gems' },
  'JDB-RNG-003': { name: 'Fiesta Fruits', theme: 'fruits' },
  'JDB-RNG-004': { name: 'Bamboo Bonanza', theme: 'dragons' },
  'JDB-RNG-005': { name: 'Money Tree', theme: 'sevens' },
  'CQ9-RNG-001': { name: 'Samurai Gold', theme: 'dragons' },
  'CQ9-RNG-002': { name: 'Mystic Monkey', theme: 'fruits' },
  'CQ9-RNG-003': { name: 'Galaxy Gems', theme: 'gems' },
  'CQ9-RNG-004': { name: 'Fortune Gods', theme: 'dragons' },
  'CQ9-RNG-005': { name: 'Cowboy Bounty', theme: 'sevens' },
  'FC-RNG-001': { name: 'Red Envelope', theme: 'dragons' },
  'FC-RNG-002': { name: 'Golden Galleon', theme: 'ocean' },
  'FC-RNG-003': { name: 'Hot Chili Wins', theme: 'fruits' },
  'FC-RNG-004': { name: 'Crazy Crab', theme: 'ocean' },
  'JL-RNG-001': { name: 'Super Ace Maharlika', theme: 'sevens' },
  'JL-RNG-002': { name: 'Money Volcano', theme: 'gems' },
  'JL-RNG-003': { name: 'Knockout Champ', theme: 'sevens' },
  'JL-RNG-004': { name: 'Lucky 777', theme: 'sevens' },
  'JL-RNG-005': { name: 'Diamond Blitz', theme: 'gems' },
  'JL-RNG-006': { name: 'Island Paradise', theme: 'ocean' },
  'JL-RNG-007': { name: 'Mermaid Lagoon', theme: 'ocean' },
  'JL-RNG-008': { name: 'Lion Dance Fortune', theme: 'dragons' },
};

/** What a slot launch plays: the themed slot and, for a game the sim lists, its own name. */
export interface SlotGame {
  /** The catalogue name; null for a code the sim does not list (the page shows the theme's). */
  name: string | null;
  variant: SlotVariant;
}

/** FNV-1a over the code's characters: the same code always lands on the same theme. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The slot a game code plays: its listed game, else a theme derived from the code. */
export function slotGameOf(gameCode: string): SlotGame {
  const known = KNOWN_SLOTS[gameCode.toUpperCase()];
  if (known) return { name: known.name, variant: SLOT_VARIANTS[known.theme] };
  const theme = SLOT_THEMES[hash(gameCode.toUpperCase()) % SLOT_THEMES.length]!;
  return { name: null, variant: SLOT_VARIANTS[theme] };
}
