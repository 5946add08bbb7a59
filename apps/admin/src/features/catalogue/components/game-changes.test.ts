import type { AdminGame } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { gameChanges, gameDraftOf } from './game-changes';

const game: AdminGame = {
  id: 7,
  vendorId: 2,
  vendorCode: 'PG',
  gameCode: 'PG-RNG-001',
  name: { EN: 'Fortune Koi', TL: 'Fortune Koi' },
  gameType: 'RNG',
  enabled: true,
  maintenance: false,
  isHot: false,
  isNew: true,
  sequence: 3,
  iconUrl: '',
  lagerIcon: '',
};

describe('gameChanges', () => {
  it('sends nothing when nothing changed', () => {
    expect(gameChanges(game, gameDraftOf(game))).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    const draft = {
      ...gameDraftOf(game),
      isHot: true,
      maintenance: true,
      sequence: ' 10 ',
      iconUrl: ' https://cdn.example.com/a.png ',
    };
    expect(gameChanges(game, draft)).toEqual({
      isHot: true,
      maintenance: true,
      sequence: 10,
      iconUrl: 'https://cdn.example.com/a.png',
    });
  });

  it('passes a non-numeric order on for the server to refuse', () => {
    expect(gameChanges(game, { ...gameDraftOf(game), sequence: '1.5' }).sequence).toBeNaN();
  });
});
