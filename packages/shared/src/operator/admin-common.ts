import { z } from 'zod';
import { RowIdParam } from '../validation.js';

/** Paging of every back-office list: page from 1, up to 100 rows a page. */
export const AdminPageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

/** The envelope value of a paged back-office list. */
export function adminPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    /** Rows over all pages. */
    total: z.number().int(),
  });
}

/** `:id` of a member, operator, adjustment... in an /admin/api path. */
export const AdminIdParams = z.object({ id: RowIdParam });
export type AdminIdParams = z.infer<typeof AdminIdParams>;

/** A reason an operator gives for a decision; kept in the audit log. */
export const AdminReason = z.string().trim().min(1).max(500);

/** A body that carries only the reason (reject, lock, unlock...). */
export const AdminReasonRequest = z.object({ reason: AdminReason });
export type AdminReasonRequest = z.infer<typeof AdminReasonRequest>;

/** An operator as other back-office records name it. */
export const AdminOperatorRef = z.object({ id: z.number().int(), username: z.string() });
export type AdminOperatorRef = z.infer<typeof AdminOperatorRef>;
