import type { Uint32Source } from './bgs-slot/engine.js';

/**
 * sfc32 (Chris Doty-Humphrey's small fast counting generator): a seeded PRNG for simulations
 * only, where millions of HMAC digests would measure SHA-256 instead of the engine. Never used
 * to play.
 */
export class Sfc32 implements Uint32Source {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = seed >>> 0;
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
}
