import type { Language } from '@app/shared';
import type { GameKind } from '../games/catalog.js';

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
}

type Common = Omit<GameTexts, 'title' | 'play' | 'sides'>;

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

const GAMES: Record<GameKind, Record<Language, Pick<GameTexts, 'title' | 'play' | 'sides'>>> = {
  slot: {
    EN: { title: 'Lucky Sevens', play: 'Spin', sides: {} },
    TL: { title: 'Masuwerteng Pito', play: 'Paikutin', sides: {} },
  },
  fishing: {
    EN: {
      title: 'Ocean Hunter',
      play: 'Shoot',
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
      sides: { PLAYER: 'Player', BANKER: 'Banker', TIE: 'Tie' },
    },
    TL: {
      title: 'Live Baccarat',
      play: 'Tumaya',
      sides: { PLAYER: 'Player', BANKER: 'Banker', TIE: 'Tabla' },
    },
  },
  cockfight: {
    EN: {
      title: 'Sabong Arena',
      play: 'Bet',
      sides: { MERON: 'Meron', WALA: 'Wala', DRAW: 'Draw', CANCELLED: 'Cancelled' },
    },
    TL: {
      title: 'Sabong Arena',
      play: 'Tumaya',
      sides: { MERON: 'Meron', WALA: 'Wala', DRAW: 'Tabla', CANCELLED: 'Kanselado' },
    },
  },
};

export function gameTexts(kind: GameKind, language: Language): GameTexts {
  return { ...COMMON[language], ...GAMES[kind][language] };
}
