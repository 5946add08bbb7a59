// The engine alone (no node:crypto): the browser recomputes rounds with WebCrypto.
import { spinOutcome, type Uint32Source } from '@app/games/bgs-slot/engine';
import { parseAmount } from '@app/shared/money';

/** The round fields a check needs, as the member API sends them. */
export type RoundProof = {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  bet: string;
  win: string;
  stops: number[];
};

export type RoundCheck = {
  /** SHA-256 of the revealed seed equals the commitment shown before play. */
  hashMatches: boolean;
  /** The recomputed reel stops equal the recorded ones. */
  stopsMatch: boolean;
  /** The recomputed win equals the recorded one. */
  winMatches: boolean;
  stops: number[];
  win: bigint;
};

const encoder = new TextEncoder();
const LINES = 20n;

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Thrown when the precomputed HMAC blocks run out (a draw was rejected many times). */
class NeedMoreBlocks extends Error {}

/** Reads precomputed HMAC blocks as big-endian 32-bit words, as the server's stream does. */
function wordsOf(blocks: ArrayBuffer[]): Uint32Source {
  const views = blocks.map((block) => new DataView(block));
  let index = 0;
  return {
    nextUint32() {
      const view = views[index >> 3];
      if (!view) throw new NeedMoreBlocks();
      const word = view.getUint32((index & 7) * 4);
      index += 1;
      return word;
    },
  };
}

/**
 * Recomputes a round in the browser from its revealed server seed, independently of the
 * server: HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${counter}`) with WebCrypto, the
 * engine's stop drawing and evaluation, and the commitment SHA-256(serverSeed).
 */
export async function checkRound(proof: RoundProof): Promise<RoundCheck> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey(
    'raw',
    encoder.encode(proof.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const blocks: ArrayBuffer[] = [];
  const block = (counter: number) =>
    subtle.sign('HMAC', key, encoder.encode(`${proof.clientSeed}:${proof.nonce}:${counter}`));
  // One 8-word block covers the 5 draws unless a draw is rejected, which is rare.
  for (;;) {
    blocks.push(await block(blocks.length));
    try {
      const outcome = spinOutcome(wordsOf(blocks));
      const bet = parseAmount(proof.bet) ?? 0n;
      const win = (bet / LINES) * BigInt(outcome.winUnits);
      const hash = hex(await subtle.digest('SHA-256', encoder.encode(proof.serverSeed)));
      return {
        hashMatches: hash === proof.serverSeedHash,
        stopsMatch: outcome.stops.join() === proof.stops.join(),
        winMatches: win === parseAmount(proof.win),
        stops: outcome.stops,
        win,
      };
    } catch (error) {
      if (!(error instanceof NeedMoreBlocks)) throw error;
    }
  }
}
