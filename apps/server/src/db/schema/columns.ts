import { sql } from 'drizzle-orm';
import { bigint, char, customType, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns many tables share, written once. The references to merchants and members live beside
 * their tables (`merchantColumn` in platform.ts, `memberColumn` in identity.ts).
 */

/** When the row was written: `created_at timestamptz not null default now()`. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (the code sets it on update): `updated_at timestamptz not null default now()`. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A running total in minor units that starts at zero: `bigint not null default 0`. */
export const moneyTotal = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);

/** An ISO 4217 code: `currency char(3) not null`. */
export const currency = () => char('currency', { length: 3 }).notNull();

/** Raw bytes (images, sealed values): `bytea`. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
