import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HmacStream, hashServerSeed, lineBetOf, verifyRound } from './fair.js';

// A round as the server recorded it: the commitment shown before play, the member's client
// seed, the nonce, the bet and the result. The server seed is revealed later by rotation.
const revealedServerSeed = 'a3f1c2e4b5d6978812345678909abcdef0123456789abcdef0123456789abcde';
const recorded = {
  serverSeedHash: 'ede90ba3f8ac39f383892f4a1f1d6ee584560e78ba83422db0e5a9a8f04b5cb5',
  clientSeed: 'lucky-player',
  nonce: 4,
  bet: 200n,
  stops: [16, 23, 26, 8, 22],
  win: 2030n,
};

describe('provably fair BGS round', () => {
  it('a recorded round verifies from its revealed server seed', () => {
    const sut = verifyRound(revealedServerSeed, recorded.clientSeed, recorded.nonce, recorded.bet);
    expect(sut.serverSeedHash).toBe(recorded.serverSeedHash);
    expect(sut.stops).toEqual(recorded.stops);
    expect(sut.win).toBe(recorded.win);
    // Top line BAR WILD WILD WILD MELON pays 4 BARs; line 8 ORANGE WILD WILD WILD ORANGE 5.
    expect(sut.lineWins).toContainEqual({ line: 2, symbol: 'BAR', count: 4, multiplier: 75 });
    expect(sut.lineWins).toContainEqual({ line: 8, symbol: 'ORANGE', count: 5, multiplier: 50 });
  });

  it('a changed server seed fails verification: commitment and result differ', () => {
    const forged = revealedServerSeed.replace(/e$/, 'f');
    const sut = verifyRound(forged, recorded.clientSeed, recorded.nonce, recorded.bet);
    expect(sut.serverSeedHash).not.toBe(recorded.serverSeedHash);
    expect(sut.stops).not.toEqual(recorded.stops);
  });

  it('another client seed or nonce gives another round', () => {
    const other = verifyRound(revealedServerSeed, 'someone-else', recorded.nonce, recorded.bet);
    const next = verifyRound(revealedServerSeed, recorded.clientSeed, 5, recorded.bet);
    expect(other.stops).not.toEqual(recorded.stops);
    expect(next.stops).not.toEqual(recorded.stops);
  });

  it('the stream is HMAC-SHA256(serverSeed, clientSeed:nonce:counter) read as big-endian words', () => {
    const sut = new HmacStream('seed', 'client', 7);
    const block0 = createHmac('sha256', 'seed').update('client:7:0').digest();
    const block1 = createHmac('sha256', 'seed').update('client:7:1').digest();
    const words = Array.from({ length: 10 }, () => sut.nextUint32());
    expect(words.slice(0, 8)).toEqual(
      Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)),
    );
    expect(words.slice(8)).toEqual([block1.readUInt32BE(0), block1.readUInt32BE(4)]);
  });

  it('commits to the server seed with SHA-256 of its text', () => {
    expect(hashServerSeed('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('accepts only offered bet levels and computes money in integers', () => {
    expect(lineBetOf(20n)).toBe(1n);
    expect(lineBetOf(10_000n)).toBe(500n);
    expect(lineBetOf(30n)).toBeNull();
    expect(lineBetOf(60n)).toBeNull();
    expect(() => verifyRound(revealedServerSeed, 'c', 0, 30n)).toThrow(RangeError);
  });
});
