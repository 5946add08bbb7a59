import { describe, expect, it } from 'vitest';
import { checkRound, type RoundProof } from './verify-round';

// The round recorded in packages/games (fair.test.ts), as the member API shows it once its seed
// is revealed: the browser must reach the same result as the server without asking it.
const recorded: RoundProof = {
  serverSeed: 'a3f1c2e4b5d6978812345678909abcdef0123456789abcdef0123456789abcde',
  serverSeedHash: 'ede90ba3f8ac39f383892f4a1f1d6ee584560e78ba83422db0e5a9a8f04b5cb5',
  clientSeed: 'lucky-player',
  nonce: 4,
  bet: '2.00',
  win: '20.30',
  stops: [16, 23, 26, 8, 22],
};

describe('checking a BGS round in the browser', () => {
  it('a recorded round verifies from its revealed seed', async () => {
    const sut = await checkRound(recorded);
    expect(sut).toMatchObject({ hashMatches: true, stopsMatch: true, winMatches: true });
    expect(sut.win).toBe(2030n);
  });

  it('a changed server seed fails: the commitment and the reels differ', async () => {
    const sut = await checkRound({
      ...recorded,
      serverSeed: recorded.serverSeed.replace(/e$/, 'f'),
    });
    expect(sut.hashMatches).toBe(false);
    expect(sut.stopsMatch).toBe(false);
  });

  it('a recorded win the seeds do not give fails', async () => {
    const sut = await checkRound({ ...recorded, win: '203.00' });
    expect(sut).toMatchObject({ hashMatches: true, stopsMatch: true, winMatches: false });
  });
});
