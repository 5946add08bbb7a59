import { SOCIAL_PROVIDER_SWITCH, type SocialProvider } from '@app/shared';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  socialIdentities,
  socialProviders,
  socialSignIns,
  whitelabelSwitches,
} from '../../db/schema/index.js';

export type SocialProviderRow = typeof socialProviders.$inferSelect;
export type SocialSignInRow = typeof socialSignIns.$inferSelect;

export async function findProvider(db: Db, merchantId: number, provider: SocialProvider) {
  const [row] = await db
    .select()
    .from(socialProviders)
    .where(and(eq(socialProviders.merchantId, merchantId), eq(socialProviders.provider, provider)));
  return row;
}

export async function insertSignIn(db: Db, values: typeof socialSignIns.$inferInsert) {
  await db.insert(socialSignIns).values(values);
}

/**
 * Marks the sign-in of this state, browser, merchant and provider as returned from the provider. Only the first return of a live
 * sign-in gets the row: a replayed or late callback gets nothing.
 */
export async function takeReturningSignIn(
  db: Db,
  key: { stateHash: string; browserHash: string; merchantId: number; provider: SocialProvider },
) {
  const [row] = await db
    .update(socialSignIns)
    .set({ returnedAt: sql`now()` })
    .where(
      and(
        eq(socialSignIns.stateHash, key.stateHash),
        eq(socialSignIns.browserHash, key.browserHash),
        eq(socialSignIns.merchantId, key.merchantId),
        eq(socialSignIns.provider, key.provider),
        isNull(socialSignIns.returnedAt),
        gt(socialSignIns.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function issueLoginCode(
  db: Db,
  signInId: string,
  values: { memberId: number; loginCodeHash: string; loginCodeExpiresAt: Date },
) {
  await db.update(socialSignIns).set(values).where(eq(socialSignIns.id, signInId));
}

/** Spends a live login code of this browser and merchant; of two exchanges racing with the same code, one gets the row. */
export async function spendLoginCode(
  db: Db,
  key: { loginCodeHash: string; browserHash: string; merchantId: number },
) {
  const [row] = await db
    .update(socialSignIns)
    .set({ exchangedAt: sql`now()` })
    .where(
      and(
        eq(socialSignIns.loginCodeHash, key.loginCodeHash),
        eq(socialSignIns.browserHash, key.browserHash),
        eq(socialSignIns.merchantId, key.merchantId),
        isNull(socialSignIns.exchangedAt),
        isNotNull(socialSignIns.memberId),
        gt(socialSignIns.loginCodeExpiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

export async function findLinkedMemberId(
  db: Db,
  merchantId: number,
  provider: SocialProvider,
  subject: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ memberId: socialIdentities.memberId })
    .from(socialIdentities)
    .where(columnsEqual(socialIdentities, { merchantId, provider, subject }));
  return row?.memberId;
}

export async function insertIdentity(db: Db, values: typeof socialIdentities.$inferInsert) {
  await db.insert(socialIdentities).values(values);
}

/** Sign-ins that can no longer be used: kept a day for review, then removed. */
export async function deleteStaleSignIns(db: Db) {
  await db.delete(socialSignIns).where(sql`${socialSignIns.expiresAt} < now() - interval '1 day'`);
}

/** Saves a provider's settings (client secret sealed by the service) and turns its switch on or off. */
export async function configureProvider(
  db: Db,
  input: {
    merchantId: number;
    provider: SocialProvider;
    enabled: boolean;
    settings?: {
      issuer: string;
      clientId: string;
      clientSecret: string;
      tokenEndpoint: string | null;
    };
  },
) {
  await db.transaction(async (tx) => {
    if (input.settings) {
      const values = { ...input.settings, updatedAt: new Date() };
      await tx
        .insert(socialProviders)
        .values({ merchantId: input.merchantId, provider: input.provider, ...values })
        .onConflictDoUpdate({
          target: [socialProviders.merchantId, socialProviders.provider],
          set: values,
        });
    }
    await tx
      .insert(whitelabelSwitches)
      .values({
        merchantId: input.merchantId,
        code: SOCIAL_PROVIDER_SWITCH[input.provider],
        enabled: input.enabled,
      })
      .onConflictDoUpdate({
        target: [whitelabelSwitches.merchantId, whitelabelSwitches.code],
        set: { enabled: input.enabled },
      });
  });
}
