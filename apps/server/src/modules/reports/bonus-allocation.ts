/**
 * Splits `total` minor units into parts proportional to `weights` (decision 016): each part is
 * the floor of its exact share, and the centavos left over go one each to the largest
 * remainders (ties to the earlier weight), so the parts always add up to `total` exactly.
 * Weights at or below zero get nothing; null when no weight is above zero. A negative total
 * (bonuses taken back) is split the same way with its sign.
 */
export function splitByWeight(total: bigint, weights: readonly bigint[]): bigint[] | null {
  const positive = weights.map((w) => (w > 0n ? w : 0n));
  const sum = positive.reduce((a, w) => a + w, 0n);
  if (sum === 0n) return null;
  const sign = total < 0n ? -1n : 1n;
  const amount = total * sign;
  const parts = positive.map((w) => (amount * w) / sum);
  let left = amount - parts.reduce((a, p) => a + p, 0n);
  const order = positive
    .map((w, index) => ({ index, remainder: w > 0n ? (amount * w) % sum : -1n }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  // Fewer centavos are left than there are positive weights: each gets at most one.
  for (let k = 0; left > 0n; k += 1, left -= 1n) parts[order[k]!.index]! += 1n;
  return parts.map((p) => p * sign);
}
