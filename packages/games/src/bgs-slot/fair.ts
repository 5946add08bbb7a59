import { createHash, createHmac, randomBytes } from 'node:crypto';
import { LINE_BETS } from './config.js';
import { LINE_COUNT, spinOutcome, type SpinOutcome, type Uint32Source } from './engine.js';

/** A new secret server seed: 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment shown before play: SHA-256 of the server seed's text, hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/**
 * The round's random stream: HMAC-SHA256 keyed by the server seed's text over
 * `${clientSeed}:${nonce}:${counter}` for counter 0, 1, 2, ..., each digest read as eight
 * big-endian 32-bit integers in order.
 */
export class HmacStream implements Uint32Source {
  private block = Buffer.alloc(0);
  private offset = 0;
  private counter = 0;

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {}

  nextUint32(): number {
    if (this.offset === this.block.length) {
      this.block = createHmac('sha256', this.serverSeed)
        .update(`${this.clientSeed}:${this.nonce}:${this.counter}`, 'utf8')
        .digest();
      this.counter++;
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
}

export interface SlotRound extends SpinOutcome {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** Total bet in minor units: the line bet times the 20 lines. */
  bet: bigint;
  lineBet: bigint;
  /** Win in minor units: the line bet times winUnits, so always an integer. */
  win: bigint;
}

/** The line bet of a total bet, or null when the total is not one of the offered bet levels. */
export function lineBetOf(bet: bigint): bigint | null {
  const lineBet = bet / BigInt(LINE_COUNT);
  if (lineBet * BigInt(LINE_COUNT) !== bet || !LINE_BETS.includes(Number(lineBet))) return null;
  return lineBet;
}

/**
 * Plays, or replays to verify, the round fixed by the seeds, the nonce and the total bet (minor
 * units). Money is bigint throughout; the multipliers are small integers, so win = lineBet *
 * winUnits is exact. Throws RangeError for a bet that is not an offered level.
 */
export function verifyRound(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  bet: bigint,
): SlotRound {
  const lineBet = lineBetOf(bet);
  if (lineBet === null) throw new RangeError(`bet ${bet} is not an offered bet level`);
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`bad nonce ${nonce}`);
  const outcome = spinOutcome(new HmacStream(serverSeed, clientSeed, nonce));
  return {
    ...outcome,
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed,
    nonce,
    bet,
    lineBet,
    win: lineBet * BigInt(outcome.winUnits),
  };
}

/** Playing a round is verifying it before anyone else can: the same computation. */
export const playRound = verifyRound;
