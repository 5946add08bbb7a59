import type { Language } from '@app/shared';
import type { GameKind } from '../games/catalog.js';
import type { SlotTheme } from '../games/slot.js';

/** Every text a game page shows, in the launch language. */
export interface GameTexts {
  title: string;
  balance: string;
  stake: string;
  lobby: string;
  play: string;
  win: string;
  lose: string;
  bettingOpen: string;
  bettingClosed: string;
  lastResult: string;
  yourBets: string;
  sides: Record<string, string>;
  errors: Record<string, string>;
  /** The slot's symbol names, the accessible names of their pictures. */
  symbols: Record<string, string>;
  paytable: string;
  /** `{reels}` reels, `{lines}` lines. */
  layout: string;
  /** How lines pay; `{lines}` is the number of lines. */
  payRule: string;
  /** The accessible name of the game's drawn scene. */
  scene: string;
  /** A table's result on its scene; `{side}` is the winning side. */
  wins: string;
  /** A caught fish on the scene; `{amount}` is the payout. */
  caught: string;
  /** A fish that got away from the shot. */
  escaped: string;
  /** The roosters meet while the result is drawn. */
  fight: string;
}

type Common = Omit<GameTexts, 'title' | 'play' | 'sides' | 'scene'>;

/** The launch token is unknown, expired or not the member's: the way back is the lobby. */
export const SESSION_ENDED: Record<Language, string> = {
  EN: 'Your game session ended. Open the game again from the lobby.',
  TL: 'Tapos na ang iyong game session. Buksan muli ang laro mula sa lobby.',
};

const COMMON: Record<Language, Common> = {
  EN: {
    balance: 'Balance',
    stake: 'Stake',
    lobby: 'Lobby',
    win: 'You won',
    lose: 'No win this time',
    bettingOpen: 'Place your bets: {s} s left',
    bettingClosed: 'Bets closed, result coming',
    lastResult: 'Last result',
    yourBets: 'Your bets',
    symbols: {
      SEVEN: 'Seven',
      BAR: 'Bar',
      BELL: 'Bell',
      PLUM: 'Plum',
      LEMON: 'Lemon',
      CHERRY: 'Cherry',
      MELON: 'Watermelon',
      GRAPE: 'Grapes',
      STRAWBERRY: 'Strawberry',
      ORANGE: 'Orange',
      DIAMOND: 'Diamond',
      RUBY: 'Ruby',
      EMERALD: 'Emerald',
      SAPPHIRE: 'Sapphire',
      AMETHYST: 'Amethyst',
      TOPAZ: 'Topaz',
      DRAGON: 'Dragon',
      INGOT: 'Gold ingot',
      LANTERN: 'Lantern',
      JADE: 'Jade disc',
      COIN: 'Lucky coin',
      FAN: 'Fan',
      CHEST: 'Treasure chest',
      PEARL: 'Pearl',
      ANCHOR: 'Anchor',
      FISH: 'Clownfish',
      STARFISH: 'Starfish',
      SHELL: 'Seashell',
    },
    paytable: 'Paytable',
    layout: '{reels} reels · {lines} lines',
    wins: '{side} wins',
    caught: 'Caught! {amount}',
    escaped: 'It got away',
    fight: 'Fight!',
    payRule:
      'Lines pay from the leftmost reel, in line bets (the stake divided by {lines}); every winning line adds up.',
    errors: {
      RS_ERROR_NOT_ENOUGH_MONEY: 'Not enough balance for this stake.',
      ROLLED_BACK: 'The casino did not answer in time; your stake was returned.',
      BETTING_CLOSED: 'Bets are closed for this round.',
      TOO_MANY_BETS: 'You placed the most bets allowed this round.',
      RS_ERROR_TOKEN_EXPIRED: SESSION_ENDED.EN,
      RS_ERROR_INVALID_TOKEN: SESSION_ENDED.EN,
      RS_ERROR_INVALID_USER: SESSION_ENDED.EN,
      RS_ERROR_USER_DISABLED: 'Your account cannot play right now.',
      RS_ERROR_GAME_MAINTENANCE: 'The casino is under maintenance; bets are paused.',
      SESSION: SESSION_ENDED.EN,
      OTHER: 'Something went wrong. Please try again.',
    },
  },
  TL: {
    balance: 'Balanse',
    stake: 'Taya',
    lobby: 'Lobby',
    win: 'Nanalo ka ng',
    lose: 'Walang panalo ngayon',
    bettingOpen: 'Tumaya na: {s} segundo pa',
    bettingClosed: 'Sarado na ang taya, hintayin ang resulta',
    lastResult: 'Huling resulta',
    yourBets: 'Iyong mga taya',
    symbols: {
      SEVEN: 'Pito',
      BAR: 'Bareta',
      BELL: 'Kampana',
      PLUM: 'Sirwelas',
      LEMON: 'Limon',
      CHERRY: 'Seresa',
      MELON: 'Pakwan',
      GRAPE: 'Ubas',
      STRAWBERRY: 'Presa',
      ORANGE: 'Dalandan',
      DIAMOND: 'Diyamante',
      RUBY: 'Rubi',
      EMERALD: 'Esmeralda',
      SAPPHIRE: 'Sapiro',
      AMETHYST: 'Ametista',
      TOPAZ: 'Topasyo',
      DRAGON: 'Dragon',
      INGOT: 'Gintong bareta',
      LANTERN: 'Parol',
      JADE: 'Bilog na jade',
      COIN: 'Swerteng barya',
      FAN: 'Pamaypay',
      CHEST: 'Baul ng kayamanan',
      PEARL: 'Perlas',
      ANCHOR: 'Angkla',
      FISH: 'Isdang payaso',
      STARFISH: 'Isdang-bituin',
      SHELL: 'Kabibe',
    },
    paytable: 'Talaan ng bayad',
    layout: '{reels} reel · {lines} linya',
    wins: 'Panalo ang {side}',
    caught: 'Nahuli! {amount}',
    escaped: 'Nakatakas ito',
    fight: 'Laban!',
    payRule:
      'Nagbabayad ang linya mula sa pinakakaliwang reel, sa taya kada linya (ang taya na hinati sa {lines}); pinagsasama ang lahat ng panalong linya.',
    errors: {
      RS_ERROR_NOT_ENOUGH_MONEY: 'Kulang ang balanse para sa tayang ito.',
      ROLLED_BACK: 'Hindi sumagot ang casino sa oras; ibinalik ang iyong taya.',
      BETTING_CLOSED: 'Sarado na ang pagtaya sa round na ito.',
      TOO_MANY_BETS: 'Naabot mo na ang pinakamaraming taya sa round na ito.',
      RS_ERROR_TOKEN_EXPIRED: SESSION_ENDED.TL,
      RS_ERROR_INVALID_TOKEN: SESSION_ENDED.TL,
      RS_ERROR_INVALID_USER: SESSION_ENDED.TL,
      RS_ERROR_USER_DISABLED: 'Hindi makakapaglaro ang iyong account sa ngayon.',
      RS_ERROR_GAME_MAINTENANCE: 'Nasa maintenance ang casino; nakahinto muna ang pagtaya.',
      SESSION: SESSION_ENDED.TL,
      OTHER: 'May nangyaring mali. Pakisubukang muli.',
    },
  },
};

const GAMES: Record<
  GameKind,
  Record<Language, Pick<GameTexts, 'title' | 'play' | 'sides' | 'scene'>>
> = {
  slot: {
    EN: { title: 'Lucky Sevens', play: 'Spin', sides: {}, scene: 'The reels' },
    TL: { title: 'Masuwerteng Pito', play: 'Paikutin', sides: {}, scene: 'Ang mga reel' },
  },
  fishing: {
    EN: {
      title: 'Ocean Hunter',
      play: 'Shoot',
      scene: 'The sea and its fish; choose one, then shoot',
      sides: {
        CLOWNFISH: 'Clownfish',
        PUFFER: 'Puffer',
        TURTLE: 'Turtle',
        SHARK: 'Shark',
        WHALE: 'Whale',
        GOLDEN_DRAGON: 'Golden Dragon',
      },
    },
    TL: {
      title: 'Mangangaso sa Dagat',
      play: 'Barilin',
      scene: 'Ang dagat at ang mga isda; pumili ng isa, saka barilin',
      sides: {
        CLOWNFISH: 'Isdang Payaso',
        PUFFER: 'Butete',
        TURTLE: 'Pagong',
        SHARK: 'Pating',
        WHALE: 'Balyena',
        GOLDEN_DRAGON: 'Gintong Dragon',
      },
    },
  },
  baccarat: {
    EN: {
      title: 'Live Baccarat',
      play: 'Bet',
      scene: "The baccarat table with the last round's cards",
      sides: { PLAYER: 'Player', BANKER: 'Banker', TIE: 'Tie' },
    },
    TL: {
      title: 'Live Baccarat',
      play: 'Tumaya',
      scene: 'Ang mesa ng baccarat at ang mga baraha ng huling round',
      sides: { PLAYER: 'Player', BANKER: 'Banker', TIE: 'Tabla' },
    },
  },
  cockfight: {
    EN: {
      title: 'Sabong Arena',
      play: 'Bet',
      scene: 'The pit: meron against wala',
      sides: { MERON: 'Meron', WALA: 'Wala', DRAW: 'Draw', CANCELLED: 'Cancelled' },
    },
    TL: {
      title: 'Sabong Arena',
      play: 'Tumaya',
      scene: 'Ang ruweda: meron laban sa wala',
      sides: { MERON: 'Meron', WALA: 'Wala', DRAW: 'Tabla', CANCELLED: 'Kanselado' },
    },
  },
};

/** Titles of the themed slots, for a game code the sim does not list by name. */
export const SLOT_TITLES: Record<SlotTheme, Record<Language, string>> = {
  sevens: { EN: 'Lucky Sevens', TL: 'Masuwerteng Pito' },
  fruits: { EN: 'Fruit Fiesta', TL: 'Pista ng Prutas' },
  gems: { EN: 'Gem Vault', TL: 'Taguan ng Hiyas' },
  dragons: { EN: 'Dragon Fortune', TL: 'Kapalaran ng Dragon' },
  ocean: { EN: 'Ocean Treasure', TL: 'Kayamanan ng Dagat' },
};

export function gameTexts(kind: GameKind, language: Language): GameTexts {
  return { ...COMMON[language], ...GAMES[kind][language] };
}
