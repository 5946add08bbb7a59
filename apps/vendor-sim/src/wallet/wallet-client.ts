import {
  VENDOR_API_PREFIX,
  VENDOR_CODE_HEADER,
  VENDOR_SIGNATURE_HEADER,
  VendorWalletResponse,
  type VendorBalanceRequest,
  type VendorBetRequest,
  type VendorRollbackRequest,
  type VendorWinRequest,
} from '@app/shared';
import { signBody } from './signature.js';

/** How the sim talks to a platform's vendor wallet API, and how unreliable it pretends to be. */
export interface WalletClientOptions {
  /** The platform's origin agreed at onboarding; calls go to <platformUrl>/vendor-api/v1/... */
  platformUrl: string;
  /** The vendor secret of a vendor code (X-Vendor-Code). */
  secretFor: (vendorCode: string) => string;
  /** A call without an answer after this long counts as timed out. */
  timeoutMs: number;
  /** Extra attempts, with the same bytes, after a timeout, a network error, a 5xx or RS_ERROR_UNKNOWN. */
  retries: number;
  /** Pause before a retry, doubled on each further one. */
  retryDelayMs: number;
  /** Share of calls also sent a second time at once, byte for byte (a duplicate send). */
  duplicateRate: number;
  /** Share of answers the sim ignores as if they never arrived, so it retries with the same ids. */
  dropRate: number;
  random: () => number;
  /** Where the sim reports what it did (retries, duplicates, replies that differ). */
  log: (event: WalletEvent) => void;
}

export type WalletEvent =
  | { kind: 'retry'; path: string; attempt: number; reason: string }
  | { kind: 'duplicate'; path: string; identical: boolean }
  | { kind: 'gave-up'; path: string; reason: string };

/** Which platform a call goes to and as which vendor. */
export interface WalletTarget {
  vendorCode: string;
  /** The merchant code the platform sent at launch (X-Operator-Code); sent back as Merchant. */
  merchant: string | null;
}

/** No final answer after every retry: the sim does not know whether the call was applied. */
export class WalletUnavailableError extends Error {
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Attempt = { ok: true; text: string } | { ok: false; reason: string };

/** The vendor side of the wallet API: signed calls with retries and duplicate sends. */
export function createWalletClient(options: WalletClientOptions) {
  async function post(target: WalletTarget, path: string, raw: string): Promise<Attempt> {
    try {
      const response = await fetch(`${options.platformUrl}${VENDOR_API_PREFIX}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VENDOR_CODE_HEADER]: target.vendorCode,
          [VENDOR_SIGNATURE_HEADER]: signBody(raw, options.secretFor(target.vendorCode)),
          ...(target.merchant ? { merchant: target.merchant } : {}),
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      return response.status >= 500
        ? { ok: false, reason: `HTTP ${response.status}` }
        : { ok: true, text };
    } catch (error) {
      return {
        ok: false,
        reason: (error as Error).name === 'TimeoutError' ? 'timeout' : 'network',
      };
    }
  }

  /** Sends one call and, by chance, its duplicate alongside; both answers must be the same bytes. */
  async function send(target: WalletTarget, path: string, raw: string): Promise<Attempt> {
    if (options.random() >= options.duplicateRate) return post(target, path, raw);
    const [first, second] = await Promise.all([post(target, path, raw), post(target, path, raw)]);
    if (first.ok && second.ok) {
      options.log({ kind: 'duplicate', path, identical: first.text === second.text });
    }
    return first.ok ? first : second;
  }

  async function call(
    target: WalletTarget,
    path: string,
    body: object,
  ): Promise<VendorWalletResponse> {
    // Serialised once: every retry and duplicate carries the very same bytes and ids.
    const raw = JSON.stringify(body);
    let reason = '';
    for (let attempt = 0; attempt <= options.retries; attempt += 1) {
      if (attempt > 0) {
        options.log({ kind: 'retry', path, attempt, reason });
        await new Promise((resolve) =>
          setTimeout(resolve, options.retryDelayMs * 2 ** (attempt - 1)),
        );
      }
      const result = await send(target, path, raw);
      if (!result.ok) {
        reason = result.reason;
        continue;
      }
      const parsed = VendorWalletResponse.safeParse(parseJson(result.text));
      if (!parsed.success) {
        reason = 'malformed answer';
        continue;
      }
      if (parsed.data.status === 'RS_ERROR_UNKNOWN') {
        reason = 'RS_ERROR_UNKNOWN';
        continue;
      }
      if (options.random() < options.dropRate) {
        reason = 'answer dropped';
        continue;
      }
      return parsed.data;
    }
    options.log({ kind: 'gave-up', path, reason });
    throw new WalletUnavailableError(path, reason);
  }

  return {
    balance: (target: WalletTarget, body: VendorBalanceRequest) =>
      call(target, 'user/balance', body),
    bet: (target: WalletTarget, body: VendorBetRequest) => call(target, 'transaction/bet', body),
    win: (target: WalletTarget, body: VendorWinRequest) => call(target, 'transaction/win', body),
    rollback: (target: WalletTarget, body: VendorRollbackRequest) =>
      call(target, 'transaction/rollback', body),
  };
}

export type WalletClient = ReturnType<typeof createWalletClient>;
