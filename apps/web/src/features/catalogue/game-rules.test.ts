import type { GameItem } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  cardVariant,
  createThrottle,
  initialOnlineCount,
  playableUrl,
  launchStep,
  nextOnlineCount,
  ONLINE_MAX,
  ONLINE_MIN,
  ONLINE_STEP,
  tileShowsImageOnly,
  tileVariant,
  vendorIcon,
  vendorPage,
} from './game-rules';

const member = { loggedIn: true, isTrial: false };

function item(fields: Partial<GameItem>): GameItem {
  return {
    nodeId: 101,
    nodeName: 'Fortune Tree',
    gameName: 'Fortune Tree',
    gameType: 'RNG',
    vassalage: 'PG',
    gameCategory: 'RNG',
    gameClassify: 'SLOT',
    gameCode: 'fortune-tree',
    isGame: 'GAME',
    isHot: 0,
    isNew: 0,
    lagerIcon: '/lgw/games/icon/101',
    iconUrl: '/lgw/games/icon/101',
    vendorName: 'PG Soft',
    maintenance: false,
    favorite: false,
    ...fields,
  };
}

describe('tile and card style variants', () => {
  it('picks one of 5 tile looks and one of 9 card looks by node id', () => {
    expect([0, 1, 4, 5, 9, 10, 12].map(tileVariant)).toEqual([1, 2, 5, 1, 5, 1, 3]);
    expect([0, 1, 8, 9, 17, 18, 100].map(cardVariant)).toEqual([1, 2, 9, 1, 9, 1, 2]);
  });
});

describe('vendor icon and start label', () => {
  it('shows an icon only for the vendors of SPEC section 9', () => {
    for (const code of ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS']) {
      expect(vendorIcon(code)).toBe(code);
    }
    expect(vendorIcon('DS88')).toBeNull();
    expect(vendorIcon('pg')).toBeNull();
  });

  it('shows live tables by their image alone', () => {
    expect(tileShowsImageOnly('LIVE')).toBe(true);
    expect(tileShowsImageOnly('RNG')).toBe(false);
    expect(tileShowsImageOnly('FISH')).toBe(false);
  });
});

describe('game launch routing', () => {
  it('sends a visitor to log in and refuses a trial account before anything else', () => {
    const lottery = item({ vassalage: 'TCG_SEA', gameType: 'LOTT' });
    expect(launchStep(lottery, { loggedIn: false, isTrial: false })).toEqual({ kind: 'login' });
    expect(launchStep(lottery, { loggedIn: false, isTrial: true })).toEqual({ kind: 'login' });
    expect(launchStep(item({}), { loggedIn: true, isTrial: true })).toEqual({ kind: 'trial' });
  });

  /** A member's launch of the entry with these fields goes to the page `to`. */
  const expectNavigation = (fields: Partial<GameItem>, to: string) =>
    expect(launchStep(item(fields), member)).toEqual({ kind: 'navigate', to });

  it.each([
    [{ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameCode: 'VN01' }, '/vnLottery?gameCode=VN01'],
    [{ vassalage: 'TCG_SEA', gameType: 'ELOTT', gameCode: 'SEA 2' }, '/seaLottery?gameCode=SEA+2'],
    [{ vassalage: 'TCG', gameType: 'LOTT', gameCode: 'L1' }, '/lottery?gameCode=L1'],
    [{ vassalage: 'GW', gameType: 'ELOTT', gameCode: 'E1' }, '/lottery?gameCode=E1'],
  ] as const)('opens the lottery pages with the game code: %o to %s', (fields, to) => {
    expectNavigation(fields, to);
  });

  it('opens the slots page for an RNG vendor entry and the sub-game popup for others', () => {
    expectNavigation({ isGame: 'VASSALAGE', vassalage: 'JDB' }, '/rng?vassalage=JDB');
    expect(
      launchStep(item({ isGame: 'VASSALAGE', vassalage: 'EVO', gameType: 'LIVE' }), member),
    ).toEqual({ kind: 'subGames', vassalage: 'EVO', gameType: 'LIVE' });
  });

  it('launches every other game by its node id', () => {
    expect(launchStep(item({ nodeId: 7 }), member)).toEqual({ kind: 'launch', nodeId: 7 });
    expect(launchStep(item({ nodeId: 8, gameType: 'FISH' }), member)).toEqual({
      kind: 'launch',
      nodeId: 8,
    });
  });

  it('leads a vendor chip to its category page', () => {
    expect(vendorPage({ vassalage: 'PG', gameType: 'RNG' })).toBe('/rng?vassalage=PG');
    expect(vendorPage({ vassalage: 'DS88', gameType: 'COCKFIGHT' })).toBe(
      '/cockfight?vassalage=DS88',
    );
  });
});

describe('fake online count', () => {
  it('opens between 500 and 2000', () => {
    expect(initialOnlineCount(0)).toBe(ONLINE_MIN);
    expect(initialOnlineCount(0.999999)).toBe(ONLINE_MAX);
    for (let i = 0; i < 1000; i += 1) {
      const count = initialOnlineCount(Math.random());
      expect(count).toBeGreaterThanOrEqual(ONLINE_MIN);
      expect(count).toBeLessThanOrEqual(ONLINE_MAX);
    }
  });

  it('adds a bounded value every tick and never leaves the range', () => {
    expect(nextOnlineCount(1000, 0)).toBe(1000 - ONLINE_STEP);
    expect(nextOnlineCount(1000, 0.999999)).toBe(1000 + ONLINE_STEP);
    expect(nextOnlineCount(ONLINE_MIN, 0)).toBe(ONLINE_MIN);
    expect(nextOnlineCount(ONLINE_MAX, 0.999999)).toBe(ONLINE_MAX);
    let count = initialOnlineCount(Math.random());
    for (let i = 0; i < 2000; i += 1) {
      const next = nextOnlineCount(count, Math.random());
      expect(Math.abs(next - count)).toBeLessThanOrEqual(ONLINE_STEP);
      expect(next).toBeGreaterThanOrEqual(ONLINE_MIN);
      expect(next).toBeLessThanOrEqual(ONLINE_MAX);
      count = next;
    }
  });
});

describe('favourite throttle', () => {
  it('lets one toggle through per 1000 ms', () => {
    let time = 10_000;
    const pass = createThrottle(1000, () => time);
    expect(pass()).toBe(true);
    time += 999;
    expect(pass()).toBe(false);
    time += 1;
    expect(pass()).toBe(true);
    // A dropped call does not push the window further out.
    time += 500;
    expect(pass()).toBe(false);
    time += 500;
    expect(pass()).toBe(true);
  });
});

describe('game address check', () => {
  const origin = 'https://play.example.ph';
  it('accepts http(s) addresses and paths of this site', () => {
    expect(playableUrl('https://vendor.example/game?t=1', origin)).toBe(
      'https://vendor.example/game?t=1',
    );
    expect(playableUrl('http://127.0.0.1:8190/slot', origin)).toBe('http://127.0.0.1:8190/slot');
    expect(playableUrl('/bgs?round=1', origin)).toBe('https://play.example.ph/bgs?round=1');
  });

  it('refuses other schemes and malformed addresses', () => {
    expect(playableUrl('javascript:alert(1)', origin)).toBeNull();
    expect(playableUrl('data:text/html,<p>x</p>', origin)).toBeNull();
    expect(playableUrl('http://[::1', origin)).toBeNull();
    expect(playableUrl('ftp://vendor.example/game', origin)).toBeNull();
  });
});
