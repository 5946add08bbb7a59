import { CAMPAIGN_KINDS, CampaignTerms, type CampaignKind } from '@app/shared/promotions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.js';
import {
  assertEligible,
  assertFits,
  assertOpen,
  campaignWindow,
  contributionOf,
  ineligibility,
  memberView,
  PARTICIPATION_ACTIONS,
  PARTICIPATION_STATES,
  periodKey,
  rewardFor,
  transition,
  turnoverFor,
  type MemberFacts,
  type ParticipationAction,
  type ParticipationState,
} from '../../src/modules/promotions/rules.js';

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

type From = ParticipationState | null;

/**
 * Every legal move, by kind (decision 025); every other (kind, state, action) is refused. Written
 * out in full, not derived from the code under test.
 */
const LEGAL: Record<CampaignKind, [From, ParticipationAction, ParticipationState][]> = {
  first_deposit: [
    [null, 'join', 'joined'],
    ['joined', 'qualify', 'qualified'],
    ['qualified', 'claim', 'process'],
    ['process', 'complete', 'claimed'],
    ['process', 'forfeit', 'forfeited'],
  ],
  reload_deposit: [
    [null, 'join', 'joined'],
    ['joined', 'qualify', 'qualified'],
    ['qualified', 'claim', 'process'],
    ['process', 'complete', 'claimed'],
    ['process', 'forfeit', 'forfeited'],
  ],
  registration: [
    [null, 'qualify', 'qualified'],
    ['qualified', 'claim', 'process'],
    ['process', 'complete', 'claimed'],
    ['process', 'forfeit', 'forfeited'],
  ],
  loss_cashback: [
    [null, 'qualify', 'qualified'],
    ['qualified', 'claim', 'process'],
    ['process', 'complete', 'claimed'],
    ['process', 'forfeit', 'forfeited'],
  ],
  activity: [
    [null, 'apply', 'applying'],
    ['rejected', 'apply', 'applying'],
    ['applying', 'approve', 'issued'],
    ['applying', 'reject', 'rejected'],
    ['issued', 'claim', 'process'],
    ['process', 'complete', 'claimed'],
    ['process', 'forfeit', 'forfeited'],
  ],
};

const ALL_FROM: From[] = [null, ...PARTICIPATION_STATES];
const DONE: From[] = ['process', 'claimed', 'forfeited'];

describe('promotion participation: every state and action', () => {
  for (const kind of CAMPAIGN_KINDS) {
    for (const from of ALL_FROM) {
      for (const action of PARTICIPATION_ACTIONS) {
        const legal = LEGAL[kind].find(([f, a]) => f === from && a === action);
        const name = `${kind}: ${from ?? 'none'} --${action}-->`;
        if (legal) {
          it(`${name} ${legal[2]}`, () => {
            expect(transition(kind, from, action)).toBe(legal[2]);
          });
        } else {
          // A member's second claim (or join, or application) after receiving it says so.
          const expected =
            DONE.includes(from) && ['claim', 'join', 'apply'].includes(action)
              ? 'PROMOTION_ALREADY_CLAIMED'
              : 'PROMOTION_ACTION_NOT_ALLOWED';
          it(`${name} refused with ${expected}`, () => {
            expect(codeOf(() => transition(kind, from, action))).toBe(expected);
          });
        }
      }
    }
  }
});

const start = new Date('2026-12-01T00:00:00Z');
const end = new Date('2026-12-31T00:00:00Z');

describe('campaign window', () => {
  const cases: [Parameters<typeof campaignWindow>[0], Date, string][] = [
    ['draft', new Date('2026-12-10T00:00:00Z'), 'hidden'],
    ['live', new Date('2026-11-30T23:59:59Z'), 'coming soon'],
    ['live', start, 'open'],
    ['live', new Date('2026-12-30T23:59:59Z'), 'open'],
    ['live', end, 'closed'],
    ['paused', new Date('2026-12-10T00:00:00Z'), 'closed'],
    ['closed', new Date('2026-12-10T00:00:00Z'), 'closed'],
  ];
  it.each(cases)('%s at %s is %s', (state, now, window) => {
    expect(campaignWindow(state, { startsAt: start, endsAt: end }, now)).toBe(window);
  });

  it('lets members act only while open; a draft does not exist for them', () => {
    expect(codeOf(() => assertOpen('open'))).toBeNull();
    expect(codeOf(() => assertOpen('coming soon'))).toBe('PROMOTION_NOT_OPEN');
    expect(codeOf(() => assertOpen('closed'))).toBe('PROMOTION_NOT_OPEN');
    expect(codeOf(() => assertOpen('hidden'))).toBe('NOT_FOUND');
  });
});

describe('what the member sees', () => {
  const cases: [CampaignKind, Parameters<typeof memberView>[1], boolean, From, string, string][] = [
    ['first_deposit', 'coming soon', true, null, 'coming soon', 'view'],
    ['first_deposit', 'open', true, null, 'join', 'join'],
    ['first_deposit', 'open', false, null, 'closed', 'view'],
    ['first_deposit', 'closed', true, null, 'closed', 'view'],
    ['first_deposit', 'open', true, 'joined', 'joined', 'view'],
    ['first_deposit', 'closed', true, 'joined', 'closed', 'view'],
    // A reward earned stays claimable after the campaign ends.
    ['first_deposit', 'closed', true, 'qualified', 'claim', 'claim'],
    ['registration', 'open', true, null, 'closed', 'view'],
    ['registration', 'open', true, 'qualified', 'claim', 'claim'],
    ['loss_cashback', 'open', true, 'process', 'process', 'view'],
    ['loss_cashback', 'open', true, 'claimed', 'claimed', 'view'],
    ['reload_deposit', 'open', true, 'forfeited', 'closed', 'view'],
    ['activity', 'open', true, null, 'join', 'apply'],
    ['activity', 'open', true, 'applying', 'applying', 'view'],
    ['activity', 'open', true, 'rejected', 'rejected', 'apply'],
    ['activity', 'closed', true, 'rejected', 'rejected', 'view'],
    ['activity', 'open', true, 'issued', 'issued', 'claim'],
  ];
  it.each(cases)(
    '%s, %s, eligible %s, %s: %s (%s)',
    (kind, window, eligible, from, status, action) => {
      expect(memberView(kind, window, eligible, from)).toEqual({ status, action });
    },
  );
});

describe('eligibility', () => {
  const now = new Date('2026-12-10T00:00:00Z');
  const rules: CampaignTerms['eligibility'] = {
    kycApproved: true,
    phoneVerified: true,
    minAccountAgeDays: 7,
    minVipLevel: 0,
    regions: ['PH'],
    agents: false,
  };
  const member: MemberFacts = {
    trial: false,
    agent: false,
    kycApproved: true,
    phoneVerified: true,
    registeredAt: new Date('2026-12-03T00:00:00Z'),
    vipLevel: 0,
    region: 'PH',
  };

  it('accepts a member who meets every rule (7 days old exactly)', () => {
    expect(ineligibility(rules, member, now)).toBeNull();
  });

  it.each([
    [{ trial: true }, 'trial'],
    [{ agent: true }, 'agent'],
    [{ kycApproved: false }, 'kyc'],
    [{ phoneVerified: false }, 'phone'],
    [{ registeredAt: new Date('2026-12-03T00:00:01Z') }, 'account_age'],
    [{ region: 'VN' }, 'region'],
    [{ region: null }, 'region'],
  ] as [Partial<MemberFacts>, string][])('refuses %o for %s', (change, reason) => {
    expect(ineligibility(rules, { ...member, ...change }, now)).toBe(reason);
  });

  it('lets agents in when the campaign says so, and every region when it lists none', () => {
    const open = { ...rules, agents: true, regions: [] };
    expect(ineligibility(open, { ...member, agent: true, region: null }, now)).toBeNull();
  });

  it('answers a trial account with the SPEC key and others with the reason', () => {
    expect(codeOf(() => assertEligible(rules, { ...member, trial: true }, now))).toBe(
      'IN_NEED_TRUE_ACCOUNT',
    );
    expect(codeOf(() => assertEligible(rules, { ...member, kycApproved: false }, now))).toBe(
      'PROMOTION_NOT_ELIGIBLE',
    );
  });
});

describe('reward, turnover and contribution', () => {
  it('pays a fixed reward at or above the minimum only', () => {
    const fixed = { type: 'fixed', amount: 10_000n } as const;
    expect(rewardFor(fixed, 50_000n, 49_999n)).toBe(0n);
    expect(rewardFor(fixed, 50_000n, 50_000n)).toBe(10_000n);
  });

  it('pays a percentage rounded down to the centavo, capped', () => {
    const percent = { type: 'percent', basisPoints: 2_500, cap: 100_000n } as const;
    expect(rewardFor(percent, 0n, 10_003n)).toBe(2_500n); // 25 % of 100.03 is 25.0075
    expect(rewardFor(percent, 0n, 400_000n)).toBe(100_000n);
    expect(rewardFor(percent, 0n, 1_000_000n)).toBe(100_000n);
    expect(rewardFor(percent, 0n, 0n)).toBe(0n);
  });

  it('asks turnover rounded up: the member never owes less than the multiple says', () => {
    expect(turnoverFor(10_001n, 150)).toBe(15_002n); // 1.5 x 100.01 = 150.015
    expect(turnoverFor(10_000n, 0)).toBe(0n);
  });

  it('counts a bet by its category, rounded down; a category not configured counts nothing', () => {
    const contributions = { SLOT: 100, LIVE: 10 };
    expect(contributionOf(contributions, 'SLOT', 12_345n)).toBe(12_345n);
    expect(contributionOf(contributions, 'LIVE', 12_345n)).toBe(1_234n);
    expect(contributionOf(contributions, 'SPORTS', 12_345n)).toBe(0n);
    // Inherited names are not categories.
    expect(contributionOf(contributions, 'toString', 12_345n)).toBe(0n);
  });

  it('never counts more than the stake, nor less than the percent rounded down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (percent, stake) => {
          const counted = contributionOf({ X: percent }, 'X', stake);
          expect(counted <= stake).toBe(true);
          expect(counted * 100n <= stake * BigInt(percent)).toBe(true);
          expect((counted + 1n) * 100n > stake * BigInt(percent)).toBe(true);
        },
      ),
    );
  });
});

describe('budget and receivers', () => {
  it('refuses the grant that would pass the budget or the receivers, not the one that fills it', () => {
    const limits = { budget: 100_000n, maxReceivers: 3 };
    expect(codeOf(() => assertFits(limits, { paid: 90_000n, receivers: 2 }, 10_000n))).toBeNull();
    expect(codeOf(() => assertFits(limits, { paid: 90_001n, receivers: 2 }, 10_000n))).toBe(
      'PROMOTION_BUDGET_EXHAUSTED',
    );
    expect(codeOf(() => assertFits(limits, { paid: 0n, receivers: 3 }, 1n))).toBe(
      'PROMOTION_BUDGET_EXHAUSTED',
    );
    expect(
      codeOf(() =>
        assertFits({ budget: null, maxReceivers: null }, { paid: 10n ** 15n, receivers: 1e6 }, 1n),
      ),
    ).toBeNull();
  });
});

describe('periods in the merchant zone', () => {
  const zone = 'Asia/Manila';
  it('names the Manila day, not the UTC one', () => {
    expect(periodKey({ type: 'daily' }, new Date('2026-11-28T15:59:59Z'), zone)).toBe('2026-11-28');
    expect(periodKey({ type: 'daily' }, new Date('2026-11-28T16:00:00Z'), zone)).toBe('2026-11-29');
  });

  it('names the week by its Monday in the zone', () => {
    // Sunday 29 November 23:59:59 in Manila, then Monday 30 November 00:00.
    expect(periodKey({ type: 'weekly' }, new Date('2026-11-29T15:59:59Z'), zone)).toBe(
      'w2026-11-23',
    );
    expect(periodKey({ type: 'weekly' }, new Date('2026-11-29T16:00:00Z'), zone)).toBe(
      'w2026-11-30',
    );
    // A zone with daylight saving time: the Monday of the week holding the spring shift.
    expect(
      periodKey({ type: 'weekly' }, new Date('2026-03-09T04:30:00Z'), 'America/New_York'),
    ).toBe('w2026-03-09');
  });

  it('keeps once and the nth deposit whatever the time', () => {
    expect(periodKey({ type: 'once' }, new Date(), zone)).toBe('once');
    expect(periodKey({ type: 'nth', n: 3 }, new Date(), zone)).toBe('n3');
  });
});

describe('campaign terms', () => {
  const terms = {
    kind: 'reload_deposit',
    period: { type: 'daily' },
    startsAt: '2026-12-01T00:00:00Z',
    endsAt: '2026-12-31T00:00:00Z',
    eligibility: {
      kycApproved: false,
      phoneVerified: true,
      minAccountAgeDays: 0,
      minVipLevel: 0,
      regions: [],
      agents: false,
    },
    reward: { type: 'percent', basisPoints: 1_000, cap: '50000' },
    minQualifying: '10000',
    wagering: {
      multipleHundredths: 1_000,
      contributions: { SLOT: 100 },
      maxBet: '100000',
      winCap: null,
      expiryDays: 7,
    },
    budget: '10000000',
    maxReceivers: null,
    perMemberLimit: 1,
    texts: {
      EN: { title: 'Daily reload', summary: '10 % up to 500', terms: 'Once a day.' },
      TL: {
        title: 'Araw-araw na reload',
        summary: '10 % hanggang 500',
        terms: 'Isang beses araw-araw.',
      },
    },
    image: '/promo/reload.webp',
  };

  it('reads amounts as minor units', () => {
    const parsed = CampaignTerms.parse(terms);
    expect(parsed.reward).toEqual({ type: 'percent', basisPoints: 1_000, cap: 50_000n });
    expect(parsed.wagering.maxBet).toBe(100_000n);
  });

  it('refuses an end before the start and a period the kind does not have', () => {
    const reversed = CampaignTerms.safeParse({ ...terms, endsAt: '2026-11-30T00:00:00Z' });
    expect(reversed.success ? [] : reversed.error.issues.map((issue) => issue.message)).toEqual([
      'date_range_reversed',
    ]);
    const wrong = CampaignTerms.safeParse({ ...terms, kind: 'first_deposit' });
    expect(wrong.success ? [] : wrong.error.issues.map((issue) => issue.message)).toEqual([
      'period_not_for_kind',
    ]);
    expect(CampaignTerms.safeParse({ ...terms, minQualifying: '-1' }).success).toBe(false);
  });
});
