import type { GameItem } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  intentLanding,
  parsePendingIntent,
  PENDING_INTENT_TTL_MS,
  resumeStep,
  type PendingIntent,
} from './pending-intent';

const NOW = 1_800_000_000_000;

const game = {
  nodeId: 42,
  nodeName: 'Lucky Sevens',
  gameName: 'Lucky Sevens',
  gameType: 'RNG',
  vassalage: 'PG',
  gameCategory: 'RNG',
  gameClassify: 'SLOT',
  gameCode: 'PG-001',
  isGame: 'GAME',
  isHot: 1,
  isNew: 0,
  lagerIcon: '/img/a.webp',
  iconUrl: '/img/b.webp',
  vendorName: 'PG Soft',
  maintenance: false,
  favorite: false,
} as unknown as GameItem;

const gameIntent: PendingIntent = { kind: 'game', game, from: '/rng?vassalage=PG', at: NOW };
const pageIntent: PendingIntent = { kind: 'page', to: '/member/depositv2', at: NOW };
const member = { isTrial: false, passwordChangeRequired: false };

describe('parsePendingIntent', () => {
  it('reads back a game or page intent as it was saved', () => {
    expect(parsePendingIntent(JSON.stringify(gameIntent), NOW + 1000)).toEqual(gameIntent);
    expect(parsePendingIntent(JSON.stringify(pageIntent), NOW)).toEqual(pageIntent);
  });

  it('drops nothing stored, unreadable text and unknown kinds', () => {
    expect(parsePendingIntent(null, NOW)).toBeNull();
    expect(parsePendingIntent('', NOW)).toBeNull();
    expect(parsePendingIntent('{not json', NOW)).toBeNull();
    expect(parsePendingIntent('"/member"', NOW)).toBeNull();
    expect(parsePendingIntent(JSON.stringify({ ...pageIntent, kind: 'deposit' }), NOW)).toBeNull();
  });

  it('drops an intent once it is older than the time a player is still on it', () => {
    const raw = JSON.stringify(pageIntent);
    expect(parsePendingIntent(raw, NOW + PENDING_INTENT_TTL_MS)).toEqual(pageIntent);
    expect(parsePendingIntent(raw, NOW + PENDING_INTENT_TTL_MS + 1)).toBeNull();
    expect(parsePendingIntent(raw, NOW - 1)).toBeNull();
    expect(parsePendingIntent(JSON.stringify({ ...pageIntent, at: 'now' }), NOW)).toBeNull();
  });

  it('never leads off the site or back into registration or login', () => {
    for (const to of [
      '//evil.example/x',
      'https://evil.example',
      'member',
      '/register',
      '/login?x=1',
    ]) {
      expect(parsePendingIntent(JSON.stringify({ ...pageIntent, to }), NOW)).toBeNull();
      expect(parsePendingIntent(JSON.stringify({ ...gameIntent, from: to }), NOW)).toBeNull();
    }
  });

  it('drops a game that lacks what the launch needs', () => {
    const noId = { ...game, nodeId: '42' };
    const noCode = { ...game, gameCode: undefined };
    for (const broken of [noId, noCode, null, 'PG-001']) {
      expect(parsePendingIntent(JSON.stringify({ ...gameIntent, game: broken }), NOW)).toBeNull();
    }
  });
});

describe('intentLanding', () => {
  it('is the page the game was tapped on, or the page asked for', () => {
    expect(intentLanding(gameIntent)).toBe('/rng?vassalage=PG');
    expect(intentLanding(pageIntent)).toBe('/member/depositv2');
  });
});

describe('resumeStep', () => {
  it('waits while there is no member session yet', () => {
    expect(resumeStep(gameIntent, null, '/rng')).toEqual({ kind: 'wait' });
    expect(resumeStep(gameIntent, { ...member, isTrial: true }, '/rng')).toEqual({ kind: 'wait' });
    expect(resumeStep(pageIntent, { ...member, passwordChangeRequired: true }, '/')).toEqual({
      kind: 'wait',
    });
  });

  it('waits while the registration or login page is still shown', () => {
    expect(resumeStep(gameIntent, member, '/register')).toEqual({ kind: 'wait' });
    expect(resumeStep(pageIntent, member, '/login?redirect=1')).toEqual({ kind: 'wait' });
  });

  it('starts the game through the launch once a member is on a page', () => {
    expect(resumeStep(gameIntent, member, '/rng?vassalage=PG')).toEqual({ kind: 'start', game });
    expect(resumeStep(gameIntent, member, '/')).toEqual({ kind: 'start', game });
  });

  it('opens the page asked for, or is done when it is already shown', () => {
    expect(resumeStep(pageIntent, member, '/')).toEqual({
      kind: 'navigate',
      to: '/member/depositv2',
    });
    expect(resumeStep(pageIntent, member, '/member/depositv2')).toEqual({ kind: 'done' });
  });
});
