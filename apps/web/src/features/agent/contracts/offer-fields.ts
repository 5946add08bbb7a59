import {
  bpToPercent,
  ContractOfferRequest,
  ContractPayPeriod,
  percentToBp,
  type ContractKind,
  type ContractTier,
  type ContractView,
} from '@app/shared';
import { z } from 'zod';
import { messageKey, refuse } from '@/components/form/zod-form';
import { isRealtime, tierMaxBp } from './contract-rates';

/** The rates a tier of a type has: one, or a profit and a loss rate (real time). */
export type RateComponent = 'rate' | 'profit' | 'loss';

export function rateComponents(type: ContractKind): RateComponent[] {
  return isRealtime(type) ? ['profit', 'loss'] : ['rate'];
}

/** The form field of one tier's rate: `rate-0`, `profit-2`. */
export function rateField(component: RateComponent, index: number) {
  return `${component}-${index}` as const;
}

/** What the offer form holds: the downline's username, the pay period and each rate as typed. */
export type OfferValues = { username: string; period: string } & Record<string, string>;

/** The empty form of a type with `tiers`; the pay period starts at the offerer's own. */
export function emptyOffer(type: ContractKind, tiers: ContractTier[], period: string): OfferValues {
  const rates = tiers.flatMap((_, index) =>
    rateComponents(type).map((component) => [rateField(component, index), ''] as const),
  );
  return { ...Object.fromEntries(rates), username: '', period };
}

/**
 * The offer as typed, checked and made the request (ContractOfferRequest): a username, a pay
 * period for dividends, and each tier's rate a percent at most the tier's maximum (the
 * merchant's, lowered to the offerer's own) and not below the tier before it.
 */
export function offerFields(type: ContractKind, tiers: ContractTier[], own: ContractView | null) {
  const components = rateComponents(type);
  return z
    .object({ username: ContractOfferRequest.shape.username, period: z.string() })
    .catchall(z.string())
    .superRefine((values, ctx) => {
      if (type === 'dividend' && !ContractPayPeriod.safeParse(values.period).success) {
        refuse(ctx, 'period', 'agentContracts.offer.errors.period');
      }
      for (const component of components) {
        let previous = 0;
        tiers.forEach((tier, index) => {
          const field = rateField(component, index);
          const max = tierMaxBp(tier, own, index, component);
          const bp = percentToBp(values[field] ?? '');
          if (bp === null || bp > max) {
            refuse(
              ctx,
              field,
              messageKey('agentContracts.offer.errors.rate', { max: bpToPercent(max) }),
            );
          } else if (index > 0 && bp < previous) {
            refuse(ctx, field, 'agentContracts.offer.errors.order');
          }
          previous = bp ?? 0;
        });
      }
    })
    .transform((values): ContractOfferRequest => {
      const bp = (component: RateComponent) =>
        tiers.map((_, index) => percentToBp(values[rateField(component, index)] ?? '') ?? 0);
      if (isRealtime(type)) {
        const loss = bp('loss');
        return {
          username: values.username,
          type,
          rates: bp('profit').map((profitRateBp, i) => ({
            profitRateBp,
            lossRateBp: loss[i] ?? 0,
          })),
        };
      }
      return {
        username: values.username,
        type,
        ratesBp: bp('rate'),
        // Checked above: a dividend's period is one of ContractPayPeriod.
        ...(type === 'dividend' ? { period: values.period as ContractPayPeriod } : {}),
      };
    });
}

/** How the form reads a refusal of the username (the shared schema's own check). */
export const OFFER_MESSAGES = { username: 'agentContracts.offer.errors.username' };
