import { z } from 'zod';

/**
 * The list of a member's or the operators' payment orders (deposits, withdrawals): a page from
 * 1, up to 100 a page, optionally of one status.
 */
export function orderListQuery<S extends z.ZodType>(status: S) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
    status: status.optional(),
  });
}

/** A page of payment orders. */
export function orderPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}

/** An operator's rejection of a payment order: the reason the member sees. */
export const RejectOrderRequest = z.object({ reason: z.string().trim().min(1).max(500) });
