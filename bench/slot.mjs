// bench: BGS slot engine throughput on one core, and the exact RTP enumeration.
//   npm run bench:slot
// Settings (environment): SPINS (simulated spins with the seeded PRNG, 10000000), HMAC_SPINS
// (spins through the production HMAC-SHA256 stream, 200000), EXACT=0 skips the enumeration of
// all 24,300,000 stop combinations. Exits 1 when the enumeration disagrees with the sums stated
// in docs/games/bgs-slot.md, never on timing.
import { performance } from 'node:perf_hooks';
import {
  exactStats,
  HmacStream,
  Sfc32,
  simulate,
  spinOutcome,
  STATED_SUMS,
} from '../packages/games/src/index.ts';

const SPINS = Number(process.env.SPINS ?? 10_000_000);
const HMAC_SPINS = Number(process.env.HMAC_SPINS ?? 200_000);
const EXACT = process.env.EXACT !== '0';

const rate = (n, ms) => Math.round((n / ms) * 1000).toLocaleString('en-US');

let started = performance.now();
const result = simulate(new Sfc32(1), SPINS);
let ms = performance.now() - started;
console.log(
  `engine, seeded PRNG: ${SPINS.toLocaleString('en-US')} spins in ${(ms / 1000).toFixed(2)} s ` +
    `= ${rate(SPINS, ms)} spins/s (RTP ${((result.winUnits / SPINS / 20) * 100).toFixed(3)}%)`,
);

started = performance.now();
const seed = 'bench-server-seed';
for (let nonce = 0; nonce < HMAC_SPINS; nonce++) spinOutcome(new HmacStream(seed, 'bench', nonce));
ms = performance.now() - started;
console.log(`production path, HMAC stream + round detail: ${rate(HMAC_SPINS, ms)} spins/s`);

if (EXACT) {
  started = performance.now();
  const stats = exactStats();
  ms = performance.now() - started;
  console.log(
    `exact enumeration: ${stats.combinations} combinations in ${(ms / 1000).toFixed(1)} s; ` +
      `RTP ${(stats.rtp * 100).toFixed(4)}%, variance ${stats.variance.toFixed(4)}, ` +
      `hit frequency ${(stats.hitFrequency * 100).toFixed(2)}%`,
  );
  const same = ['combinations', 'winUnits', 'winUnitsSquared', 'hits'].every(
    (key) => stats[key] === STATED_SUMS[key],
  );
  if (!same) {
    console.error('enumeration differs from STATED_SUMS (docs/games/bgs-slot.md):', stats);
    process.exit(1);
  }
}
