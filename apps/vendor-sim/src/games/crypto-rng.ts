import { randomInt } from 'node:crypto';
import type { Rng } from './rng.js';

/** The sim's own outcomes: the operating system's CSPRNG, as a certified provider would use. */
export const cryptoRng: Rng = (max) => randomInt(max);
