import { DEFAULT_TIME_ZONE, isTimeZone, parseLanguage, type Language } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as store from './merchant.repository.js';
import {
  findDefaultMerchant,
  findMerchantByHost,
  type MerchantRow,
} from './merchant.repository.js';

export type Merchant = Omit<MerchantRow, 'defaultLanguage'> & { defaultLanguage: Language };

/** How long a resolved merchant is reused; short, so an operator's change shows within seconds. */
const CACHE_MS = 10_000;

/**
 * Resolves the merchant of a request: the `Merchant` header when present (unknown code is an
 * error), else the request host's domain route, else the default merchant.
 */
/** A merchant row as the app uses it: a known language, a time zone the runtime knows. */
function toMerchant(row: MerchantRow): Merchant {
  return {
    ...row,
    defaultLanguage: parseLanguage(row.defaultLanguage, 'EN'),
    timeZone: isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
  };
}

export function createMerchantResolver(db: Db) {
  const cache = new Map<string, { merchant: Merchant | undefined; at: number }>();

  async function cached(key: string, load: () => Promise<MerchantRow | undefined>) {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.merchant;
    const row = await load();
    const merchant = row && toMerchant(row);
    cache.set(key, { merchant, at: Date.now() });
    return merchant;
  }

  return async function resolveMerchant(input: {
    headerCode: string | undefined;
    host: string;
  }): Promise<Merchant> {
    if (input.headerCode) {
      const byCode = await cached(`code:${input.headerCode}`, () =>
        store.findMerchantByCode(db, input.headerCode ?? ''),
      );
      if (!byCode) throw new AppError('UNKNOWN_MERCHANT', { merchant: input.headerCode });
      return byCode;
    }
    const host = input.host.replace(/:\d+$/, '').toLowerCase();
    const byHost = await cached(`host:${host}`, () => findMerchantByHost(db, host));
    if (byHost) return byHost;
    const fallback = await cached('default', () => findDefaultMerchant(db));
    if (!fallback) throw new AppError('UNKNOWN_MERCHANT', { host });
    return fallback;
  };
}
export type MerchantResolver = ReturnType<typeof createMerchantResolver>;

/** The merchant with this code, or undefined. */
/** The merchant of a code as a request would resolve it (no cache), for jobs and seeds. */
export async function merchantOfCode(db: Db, code: string): Promise<Merchant | undefined> {
  const row = await store.findMerchantByCode(db, code);
  return row && toMerchant(row);
}

export function findMerchantByCode(
  ...args: Parameters<typeof store.findMerchantByCode>
): ReturnType<typeof store.findMerchantByCode> {
  return store.findMerchantByCode(...args);
}

/**
 * The merchants' time zones (decision 024), the one read path of the `time_zone` setting: every
 * day boundary of a merchant (daily limits, record and report days, settlement periods, the back
 * office's days) is taken in it. Built once in buildApp and passed to what reads or changes it.
 */
export type MerchantZones = {
  /**
   * The merchant's zone: Asia/Manila when unset or not a zone the runtime knows. Reused for
   * CACHE_MS like a resolved merchant, so an operator's change shows within seconds on every
   * process.
   */
  zoneOf: (merchantId: number) => Promise<string>;
  /** Drops the merchant's cached zone after an operator changed it: this process sees it at once. */
  forget: (merchantId: number) => void;
};

export function createMerchantZones(db: Db): MerchantZones {
  const cache = new Map<number, { zone: string; at: number }>();
  return {
    async zoneOf(merchantId) {
      const hit = cache.get(merchantId);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.zone;
      const stored = await store.findTimeZone(db, merchantId);
      const zone = stored !== undefined && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
      cache.set(merchantId, { zone, at: Date.now() });
      return zone;
    },
    forget: (merchantId) => void cache.delete(merchantId),
  };
}
