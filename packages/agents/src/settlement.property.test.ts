import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractsEndedByAccepting, rateComponents, tierAbove } from './offers.js';
import { settle, splitPeriod, type SettlementInput } from './settlement.js';
import { dividend, figures as fig, realtime, salary, SETTINGS } from './test-fixtures.js';
import type { Contract, ContractType, MemberFigures, SettledBet, TreeNode } from './types.js';

/**
 * Random trees of depth up to 6 with random figures. A brute-force reference (every member's
 * upline chain walked for every holder, no shared code with the engine) checks the engine.
 */

const MAX_DEPTH = 6;

interface Scenario {
  tree: TreeNode[];
  contracts: Contract[];
  figures: Map<string, MemberFigures>;
  bets: SettledBet[];
}

const nodeSpec = fc.record({
  parentPick: fc.nat(),
  /** 0: hang under the deepest agent so far (chains reach depth 6 often). */
  deepen: fc.nat({ max: 2 }),
  isAgent: fc.boolean(),
  newRoot: fc.nat({ max: 19 }),
  hasContract: fc.nat({ max: 9 }),
  rateSeeds: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
  validBet: fc.bigInt({ min: 0n, max: 500_000_000n }),
  /** Share of the stake the house kept, -100 % .. 100 %. */
  housePct: fc.integer({ min: -100, max: 100 }),
  bonuses: fc.bigInt({ min: 0n, max: 1_000_000n }),
  carry: fc.oneof(fc.constant(0n), fc.bigInt({ min: -50_000_000n, max: 0n })),
  shortfall: fc.oneof(fc.constant(0n), fc.bigInt({ min: -5_000_000n, max: 0n })),
  bets: fc.array(
    fc.record({
      stake: fc.bigInt({ min: 0n, max: 5_000_000n }),
      result: fc.integer({ min: -1, max: 2 }),
    }),
    { maxLength: 4 },
  ),
});

type NodeSpec = typeof nodeSpec extends fc.Arbitrary<infer T> ? T : never;

function buildScenario(type: ContractType, specs: NodeSpec[]): Scenario {
  const tree: TreeNode[] = [];
  const depth = new Map<string, number>();
  const contracts: Contract[] = [];
  const caps = new Map<string, number[][] | null>(); // nearest holder's rates at or above each agent
  const figures = new Map<string, MemberFigures>();
  const bets: SettledBet[] = [];
  const maxima = rateComponents(
    type === 'realtime_salary'
      ? realtime(
          'x',
          'x',
          null,
          SETTINGS.realtimeSalaryTiers.map((t) => ({
            profitRateBp: t.maxProfitRateBp,
            lossRateBp: t.maxLossRateBp,
          })),
        )
      : salary(
          'daily_salary',
          'x',
          'x',
          null,
          (type === 'dividend'
            ? SETTINGS.dividendTiers
            : type === 'daily_salary'
              ? SETTINGS.dailySalaryTiers
              : SETTINGS.hourlySalaryTiers
          ).map((t) => t.maxRateBp),
        ),
  );
  specs.forEach((s, i) => {
    const id = `n${String(i).padStart(2, '0')}`;
    const parents = tree.filter((n) => n.isAgent && depth.get(n.id)! < MAX_DEPTH);
    const root = i === 0 || (s.isAgent && s.newRoot === 0) || parents.length === 0;
    const deepest = parents.reduce<TreeNode | undefined>(
      (best, n) => (best === undefined || depth.get(n.id)! >= depth.get(best.id)! ? n : best),
      undefined,
    );
    const parent = s.deepen === 0 ? deepest : parents[s.parentPick % parents.length];
    const uplineId = root ? null : parent!.id;
    const isAgent = root || s.isAgent;
    tree.push({ id, uplineId, isAgent });
    depth.set(id, uplineId === null ? 0 : depth.get(uplineId)! + 1);
    if (isAgent) {
      // A holder's rates: at most the nearest holder above it on every tier (the merchant's maxima at the top).
      const above = uplineId === null ? maxima : (caps.get(uplineId) ?? maxima);
      if (s.hasContract < 7) {
        // Non-decreasing tier to tier (the offer rule), each at most the cap of its tier.
        const rates: number[][] = [];
        above.forEach((tier, t) =>
          rates.push(
            tier.map((max, k) =>
              Math.max(rates[t - 1]?.[k] ?? 0, s.rateSeeds[(t + k) % 3]! % (max + 1)),
            ),
          ),
        );
        const cid = `c${id}`;
        const c =
          type === 'realtime_salary'
            ? realtime(
                cid,
                id,
                uplineId,
                rates.map(([p, l]) => ({ profitRateBp: p!, lossRateBp: l! })),
              )
            : type === 'dividend'
              ? dividend(
                  cid,
                  id,
                  uplineId,
                  rates.map(([r]) => r!),
                  { carry: s.carry, shortfall: s.shortfall },
                )
              : salary(
                  type,
                  cid,
                  id,
                  uplineId,
                  rates.map(([r]) => r!),
                );
        contracts.push(c);
        caps.set(id, rates);
      } else {
        caps.set(id, above);
      }
    }
    const ggr = (s.validBet * BigInt(s.housePct)) / 100n;
    figures.set(
      id,
      fig({ validBet: s.validBet, ggr, bonuses: s.bonuses, largestDeposit: s.bonuses }),
    );
    s.bets.forEach((b, k) => {
      const payout =
        b.result === -1
          ? 0n
          : b.result === 0
            ? b.stake
            : b.result === 1
              ? b.stake * 2n
              : b.stake / 2n;
      bets.push({ id: `${id}-${k}`, memberId: id, stake: b.stake, payout });
    });
  });
  return { tree, contracts, figures, bets };
}

// ---------------------------------------------------------------------------------------------
// Reference: the formulas of decision 014 written out plainly.

function inTeam(tree: TreeNode[], agentId: string, memberId: string): boolean {
  const byId = new Map(tree.map((n) => [n.id, n]));
  let up = byId.get(memberId)!.uplineId;
  while (up !== null) {
    if (up === agentId) return true;
    up = byId.get(up)!.uplineId;
  }
  return false;
}

function highestTier(met: boolean[]): number | null {
  const i = met.lastIndexOf(true);
  return i < 0 ? null : i;
}

/** Exact gross share (1/10,000 minor units) of one contract. */
function referenceGross(type: ContractType, s: Scenario, c: Contract): bigint {
  if (type === 'realtime_salary') {
    let sum = 0n;
    for (const b of s.bets) {
      if (!inTeam(s.tree, c.agentId, b.memberId) || b.payout === b.stake) continue;
      if (b.stake < SETTINGS.realtimeSalaryTiers[0]!.minSingleBet) continue;
      const r = (c as Extract<Contract, { type: 'realtime_salary' }>).rates[0]!;
      sum += b.stake * BigInt(b.payout > b.stake ? r.profitRateBp : r.lossRateBp);
    }
    return sum;
  }
  let validBet = 0n;
  let ngr = 0n;
  let active = 0;
  for (const [id, f] of s.figures) {
    if (!inTeam(s.tree, c.agentId, id)) continue;
    validBet += f.validBet;
    ngr += f.ggr - f.bonuses - f.rebates;
    if (f.validBet >= SETTINGS.activeMinValidBet) active += 1;
  }
  const rates = (c as Extract<Contract, { ratesBp: readonly number[] }>).ratesBp;
  if (type === 'dividend') {
    const tier = highestTier(
      SETTINGS.dividendTiers.map(
        (t) => validBet >= t.minValidBet && active >= t.minActiveMembers && ngr >= t.minNgr,
      ),
    );
    const base = ngr + (c as Extract<Contract, { type: 'dividend' }>).carry;
    return tier === null || base <= 0n ? 0n : base * BigInt(rates[tier]!);
  }
  const tier = highestTier(
    type === 'daily_salary'
      ? SETTINGS.dailySalaryTiers.map(
          (t) => validBet >= t.minValidBet && active >= t.minActiveMembers,
        )
      : SETTINGS.hourlySalaryTiers.map((t) => validBet >= t.minValidBet),
  );
  return tier === null ? 0n : validBet * BigInt(rates[tier]!);
}

/** The nearest contract holder above an agent, or null (a top agent of the type). */
function holderAbove(s: Scenario, agentId: string): string | null {
  const holders = new Set(s.contracts.map((c) => c.agentId));
  const byId = new Map(s.tree.map((n) => [n.id, n]));
  let up = byId.get(agentId)!.uplineId;
  while (up !== null && !holders.has(up)) up = byId.get(up)!.uplineId;
  return up;
}

const TYPES: ContractType[] = ['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'];
const scenarios = (type: ContractType) =>
  fc
    .array(nodeSpec, { minLength: 1, maxLength: 30 })
    .map((specs) => ({ type, ...buildScenario(type, specs) }));
const anyScenario = fc.constantFrom(...TYPES).chain(scenarios);

function input(s: Scenario & { type: ContractType }): SettlementInput {
  return {
    type: s.type,
    tree: s.tree,
    contracts: s.contracts,
    figures: s.figures,
    bets: s.bets,
    settings: SETTINGS,
  };
}

function depthOf(tree: TreeNode[], id: string): number {
  const byId = new Map(tree.map((n) => [n.id, n]));
  let depth = 0;
  for (let up = byId.get(id)!.uplineId; up !== null; up = byId.get(up)!.uplineId) depth += 1;
  return depth;
}

describe('settlement over random trees (depth up to 6)', () => {
  it('pays each contract its exact differential rounded down (error under 1 minor unit)', () => {
    let deepest = 0;
    fc.assert(
      fc.property(anyScenario, (s) => {
        for (const n of s.tree) deepest = Math.max(deepest, depthOf(s.tree, n.id));
        const result = settle(input(s));
        expect(result.payouts).toHaveLength(s.contracts.length);
        for (const p of result.payouts) {
          const c = s.contracts.find((x) => x.id === p.contractId)!;
          const gross = referenceGross(s.type, s, c);
          const below = s.contracts
            .filter((d) => holderAbove(s, d.agentId) === c.agentId)
            .reduce((sum, d) => sum + referenceGross(s.type, s, d), 0n);
          const exactE4 = gross - below + c.shortfall * 10_000n;
          expect(p.grossE4).toBe(gross);
          expect(p.differentialE4).toBe(exactE4);
          const owedE4 = exactE4 > 0n ? exactE4 : 0n;
          // amount <= exact < amount + 1 minor unit
          expect(p.amount * 10_000n).toBeLessThanOrEqual(owedE4);
          expect(owedE4 - p.amount * 10_000n).toBeLessThan(10_000n);
        }
      }),
      { numRuns: 300 },
    );
    expect(deepest).toBeLessThanOrEqual(MAX_DEPTH);
  });

  it('draws trees as deep as asked for, and no deeper', () => {
    // A fixed seed, so that whether the random runs above happened to reach depth 6 never decides.
    const depths = fc
      .sample(anyScenario, { numRuns: 2_000, seed: 20261125 })
      .map((s) => Math.max(...s.tree.map((n) => depthOf(s.tree, n.id))));
    expect(Math.max(...depths)).toBe(MAX_DEPTH);
  });

  it('never pays a chain more than its top agent’s rate times the base', () => {
    let paidChains = 0;
    let shortfallChains = 0;
    fc.assert(
      fc.property(anyScenario, (s) => {
        const result = settle(input(s));
        const tops = s.contracts.filter((c) => holderAbove(s, c.agentId) === null);
        let chains = 0;
        for (const top of tops) {
          const chain = result.payouts.filter(
            (p) => p.agentId === top.agentId || inTeam(s.tree, top.agentId, p.agentId),
          );
          chains += chain.length;
          const topGross = referenceGross(s.type, s, top);
          const paid = chain.reduce((sum, p) => sum + p.amount, 0n);
          // Shortfalls (dividend only) are what a chain pays above the top gross now and owes back
          // later; shortfalls paid back lower what it pays.
          const owed = chain.reduce((sum, p) => sum - p.shortfallOut, 0n);
          const repaid = chain.reduce((sum, p) => sum - p.shortfallIn, 0n);
          expect((paid - owed + repaid) * 10_000n).toBeLessThanOrEqual(topGross);
          if (paid > 0n) paidChains += 1;
          if (owed > 0n) shortfallChains += 1;
          if (s.type !== 'dividend') {
            expect(owed).toBe(0n);
            expect(paid * 10_000n).toBeLessThanOrEqual(topGross);
            // ... and no less than it minus one minor unit per payout.
            expect(topGross - paid * 10_000n).toBeLessThan(10_000n * BigInt(chain.length));
          }
        }
        expect(chains).toBe(result.payouts.length);
        expect(result.totalPaid).toBe(result.payouts.reduce((sum, p) => sum + p.amount, 0n));
      }),
      { numRuns: 300 },
    );
    // The generator does produce paying chains and dividend shortfalls, so the bounds are exercised.
    expect(paidChains).toBeGreaterThan(50);
    expect(shortfallChains).toBeGreaterThan(0);
  });

  it('carries negative NGR and only negative amounts', () => {
    fc.assert(
      fc.property(scenarios('dividend'), (s) => {
        for (const p of settle(input(s)).payouts) {
          expect(p.carryOut).toBe(p.base > 0n ? 0n : p.base);
          expect(p.shortfallOut <= 0n && p.amount >= 0n).toBe(true);
          expect(p.amount > 0n && p.shortfallOut < 0n).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic: the same inputs in any order give the same result', () => {
    fc.assert(
      fc.property(anyScenario, fc.nat(), (s, seed) => {
        const first = settle(input(s));
        const shuffle = <T>(list: T[]) =>
          list
            .map((x, i) => ({ x, k: (i * 7919 + seed) % 104_729 }))
            .sort((a, b) => a.k - b.k)
            .map((e) => e.x);
        const shuffled = settle({
          ...input(s),
          tree: shuffle(s.tree),
          contracts: shuffle(s.contracts),
          figures: new Map(shuffle([...s.figures])),
          bets: shuffle(s.bets),
        });
        expect(shuffled).toEqual(first);
        expect(settle(input(s))).toEqual(first);
      }),
      { numRuns: 150 },
    );
  });
});

describe('conflict rule over random trees', () => {
  it('after the returned contracts end, no contract below pays more than the nearest one above', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ContractType>('dividend', 'daily_salary').chain(scenarios),
        fc.nat(),
        fc.array(fc.nat({ max: 100 }), { minLength: 3, maxLength: 3 }),
        (s, pick, cuts) => {
          const holders = s.contracts;
          if (holders.length === 0) return;
          const own = holders[pick % holders.length]!;
          // The agent accepts new terms: its current rates lowered by random percentages.
          const lowered = rateComponents(own).map((tier, t) =>
            tier.map((r) => Math.floor((r * cuts[t]!) / 100)),
          );
          const terms =
            own.type === 'dividend'
              ? { type: own.type, period: own.period, ratesBp: lowered.map(([r]) => r!) }
              : { type: 'daily_salary' as const, ratesBp: lowered.map(([r]) => r!) };
          const others = holders.filter((c) => c.id !== own.id);
          const ends = contractsEndedByAccepting({
            tree: s.tree,
            agentId: own.agentId,
            terms,
            contracts: others,
          });
          const ended = new Set(ends.map((e) => e.contract.id));
          for (const e of ends) expect(inTeam(s.tree, own.agentId, e.contract.agentId)).toBe(true);
          const remaining = [
            ...others.filter((c) => !ended.has(c.id)),
            { ...own, ...terms } as Contract,
          ];
          const survivors: Scenario = { ...s, contracts: remaining };
          for (const c of remaining) {
            const above = holderAbove(survivors, c.agentId);
            if (above === null) continue;
            const cap = remaining.find((x) => x.agentId === above)!;
            expect(tierAbove(c, cap)).toBeNull();
          }
          // Nothing that fits ends: each ended contract pays more than the nearest contract left above it.
          for (const e of ends) {
            expect(e.reason).toBe('upline_rate_lowered');
            const above = holderAbove(
              { ...survivors, contracts: [...remaining, e.contract] },
              e.contract.agentId,
            );
            const cap = remaining.find((x) => x.agentId === above)!;
            expect(tierAbove(e.contract, cap)).not.toBeNull();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('contracts replaced at random instants inside the period (decision 014)', () => {
  const START = Date.parse('2026-11-23T16:00:00Z');
  const LENGTH = 24 * 60 * 60_000;
  const salaryScenario = fc
    .constantFrom<ContractType>('daily_salary', 'hourly_salary', 'realtime_salary')
    .chain(scenarios)
    .chain((s) =>
      fc.record({
        s: fc.constant(s),
        // Per contract: replaced at this fraction of the period (none when 0), and whether the
        // replacement's rates are lower (only for contracts with no holder below them).
        cuts: fc.array(fc.integer({ min: 0, max: 999 }), {
          minLength: s.contracts.length,
          maxLength: s.contracts.length,
        }),
        lower: fc.array(fc.nat({ max: 100 }), {
          minLength: s.contracts.length,
          maxLength: s.contracts.length,
        }),
        // Where in the period each member's figures and each bet fall.
        places: fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 64, maxLength: 64 }),
      }),
    );

  /** The scenario's contracts cut at the drawn instants, and its figures spread over the parts. */
  function replaced(
    {
      s,
      cuts,
      lower,
      places,
    }: { s: Scenario & { type: ContractType }; cuts: number[]; lower: number[]; places: number[] },
    lowerRates: boolean,
  ): SettlementInput {
    const at = (fraction: number) => new Date(START + Math.floor((LENGTH * fraction) / 1000));
    const contracts: Contract[] = [];
    const unsplit = s.contracts.map((c) => ({ ...c, shortfall: 0n }));
    unsplit.forEach((c, i) => {
      const cut = cuts[i]!;
      if (cut === 0) {
        contracts.push(c);
        return;
      }
      const leaf = !unsplit.some((d) => holderAbove(s, d.agentId) === c.agentId);
      const scale = (bp: number) => (lowerRates && leaf ? Math.floor((bp * lower[i]!) / 100) : bp);
      contracts.push({ ...c, endedAt: at(cut), status: 'terminated' });
      const next = { ...c, id: `${c.id}r`, acceptedAt: at(cut), endedAt: null };
      contracts.push(
        next.type === 'realtime_salary'
          ? {
              ...next,
              rates: next.rates.map((r) => ({
                profitRateBp: scale(r.profitRateBp),
                lossRateBp: scale(r.lossRateBp),
              })),
            }
          : {
              ...next,
              ratesBp: (next as { ratesBp: readonly number[] }).ratesBp.map(scale),
            },
      );
    });
    const parts = splitPeriod({ start: new Date(START), end: new Date(START + LENGTH) }, contracts);
    const partOf = (k: number) => {
      const t = at(places[k % places.length]!).getTime();
      return parts.findIndex((p) => p.start.getTime() <= t && t < p.end.getTime());
    };
    const segments = parts.map((p) => ({
      ...p,
      figures: new Map<string, MemberFigures>(),
      bets: [] as SettledBet[],
    }));
    [...s.figures].forEach(([id, f], k) => segments[partOf(k)]!.figures.set(id, f));
    s.bets.forEach((bet, k) => segments[partOf(k + 7)]!.bets.push(bet));
    return { type: s.type, tree: s.tree, contracts, settings: SETTINGS, segments };
  }

  it('pays each agent what one contract over the whole period pays, less rounding per part', () => {
    fc.assert(
      fc.property(salaryScenario, (drawn) => {
        const whole = settle({
          ...input(drawn.s),
          contracts: drawn.s.contracts.map((c) => ({ ...c, shortfall: 0n })),
        });
        const split = settle(replaced(drawn, false));
        expect(split.held).toEqual([]);
        for (const p of whole.payouts) {
          const parts = split.payouts.filter((q) => q.agentId === p.agentId);
          const paid = parts.reduce((sum, q) => sum + q.amount, 0n);
          const exact = parts.reduce((sum, q) => sum + q.differentialE4, 0n);
          // The parts add up to the whole exactly; each part is rounded down once.
          expect(exact).toBe(p.differentialE4);
          expect(paid).toBeLessThanOrEqual(p.amount);
          expect(p.amount - paid).toBeLessThan(BigInt(parts.length));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never pays a chain more than the top rate on the whole team when replacements pay less', () => {
    fc.assert(
      fc.property(salaryScenario, (drawn) => {
        const whole = settle({
          ...input(drawn.s),
          contracts: drawn.s.contracts.map((c) => ({ ...c, shortfall: 0n })),
        });
        const split = settle(replaced(drawn, true));
        const topGross = whole.payouts.reduce((sum, p) => sum + p.differentialE4, 0n);
        expect(split.totalPaid * 10_000n).toBeLessThanOrEqual(topGross);
        for (const p of split.payouts) expect(p.shortfallOut).toBe(0n);
      }),
      { numRuns: 200 },
    );
  });
});
