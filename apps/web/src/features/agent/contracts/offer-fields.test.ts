import type { ContractTier } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { messageKey, zodFormResolver } from '@/components/form/zod-form';
import { emptyOffer, OFFER_MESSAGES, offerFields } from './offer-fields';

// What react-hook-form passes a resolver; these fields have no native validation.
const options = { fields: {}, shouldUseNativeValidation: false } as never;
const tiers: ContractTier[] = [{ rateBp: 50 }, { rateBp: 80 }];

const messages = (errors: Record<string, { message?: string } | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));

describe('offerFields', () => {
  const resolver = zodFormResolver(offerFields('daily_salary', tiers, null), {
    messages: OFFER_MESSAGES,
  });

  it('refuses everything at once: no username, a rate over the tier maximum, a rate below the tier before', async () => {
    const empty = await resolver(emptyOffer('daily_salary', tiers, ''), undefined, options);
    expect(messages(empty.errors)).toEqual({
      username: 'agentContracts.offer.errors.username',
      'rate-0': messageKey('agentContracts.offer.errors.rate', { max: '0.50' }),
      'rate-1': messageKey('agentContracts.offer.errors.rate', { max: '0.80' }),
    });
    const unordered = await resolver(
      { username: 'agent1', period: '', 'rate-0': '0.40', 'rate-1': '0.30' },
      undefined,
      options,
    );
    expect(messages(unordered.errors)).toEqual({
      'rate-1': 'agentContracts.offer.errors.order',
    });
  });

  it('makes the request: the username trimmed, the rates in basis points', async () => {
    const result = await resolver(
      { username: ' agent1 ', period: '', 'rate-0': '0.20', 'rate-1': '0.8' },
      undefined,
      options,
    );
    expect(result.values).toEqual({ username: 'agent1', type: 'daily_salary', ratesBp: [20, 80] });
  });

  it('asks a dividend for its pay period, and sends real-time rates as profit and loss pairs', async () => {
    const dividend = zodFormResolver(offerFields('dividend', tiers, null));
    const noPeriod = await dividend(
      { username: 'agent1', period: '', 'rate-0': '0.10', 'rate-1': '0.20' },
      undefined,
      options,
    );
    expect(messages(noPeriod.errors)).toEqual({ period: 'agentContracts.offer.errors.period' });

    const realtime = zodFormResolver(
      offerFields('realtime_salary', [{ profitRateBp: 100, lossRateBp: 100 }], null),
    );
    const result = await realtime(
      { username: 'agent1', period: '', 'profit-0': '1', 'loss-0': '0.5' },
      undefined,
      options,
    );
    expect(result.values).toEqual({
      username: 'agent1',
      type: 'realtime_salary',
      rates: [{ profitRateBp: 100, lossRateBp: 50 }],
    });
  });
});
