import { randomUUID } from 'node:crypto';
import {
  OPERATOR_CODE_HEADER,
  VENDOR_API_PREFIX,
  VENDOR_SIGNATURE_HEADER,
  VendorLaunchResponse,
  VendorRemoteBalanceResponse,
  VendorTransferResponse,
  VendorTransferStatusResponse,
  type GameLedgerReference,
  type WalletMode,
} from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  type AccountRef,
  memberBalances,
  postEntryIn,
  type EntryResult,
  lockSender,
} from '../ledger/index.js';
import * as repo from './vendor-wallet.repository.js';
import { endTransferWithEntry } from './transfer-end.js';
import * as transfers from './vendor-transfer.repository.js';
import { hmacSignature } from './vendor-signature.js';
import { createGameSession } from './vendor-wallet.service.js';

/**
 * The calls the platform makes to a vendor (docs/vendor-wallet-api.md, platform -> vendor):
 * launch, and for transfer-wallet vendors fund in, fund out and the transfer status check. Every
 * call is signed like the vendor's own calls (HMAC-SHA256 of the raw body with the shared secret).
 */

/** The part of fetch the client uses (tests give a local vendor's). */
export type VendorFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number; text: () => Promise<string> }>;

export type VendorClientOptions = {
  /** Opens the vendors' secrets (stored sealed) to sign the calls. */
  secrets: SecretBox;
  fetch?: VendorFetch;
  /** How long one call may take before it counts as a timeout. */
  timeoutMs?: number;
  /** Transfer calls (with status checks between them) before a transfer is left pending. */
  maxAttempts?: number;
};

/** The vendor did not answer (network error, timeout, not HTTP 200, not JSON). */
class VendorUnreachable extends Error {}

export type VendorLaunch = {
  merchantId: number;
  memberId: number;
  vendorId: number;
  vendorCode: string;
  gameCode: string;
  language: string;
  platform: 'web' | 'mobile';
  lobbyUrl: string;
  /** The platform's origin; the vendor's wallet calls go to origin + VENDOR_API_PREFIX. */
  origin: string;
};

export type TransferOutcome = {
  transferUuid: string;
  state: 'pending' | 'completed' | 'failed' | 'unresolved';
  entry: EntryResult | null;
};

export function createVendorClient(options: VendorClientOptions) {
  const send: VendorFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 3;

  async function signedPost<T extends z.ZodType>(
    credential: repo.CredentialRow,
    merchantCode: string,
    path: string,
    body: Record<string, unknown>,
    answer: T,
  ): Promise<z.infer<T>> {
    const raw = JSON.stringify(body);
    let text: string;
    try {
      const res = await send(`${credential.baseUrl}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [OPERATOR_CODE_HEADER]: merchantCode,
          [VENDOR_SIGNATURE_HEADER]: hmacSignature(options.secrets.open(credential.secret), raw),
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status !== 200) throw new VendorUnreachable(`HTTP ${res.status}`);
      text = await res.text();
    } catch (error) {
      if (error instanceof VendorUnreachable) throw error;
      throw new VendorUnreachable(String(error));
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new VendorUnreachable('not JSON');
    }
    const checked = answer.safeParse(parsed);
    if (!checked.success) throw new VendorUnreachable('unexpected answer');
    return checked.data;
  }

  async function credentialOf(db: Db, merchantId: number, vendorCode: string) {
    const credential = await repo.findCredential(db, merchantId, vendorCode);
    if (!credential || !credential.enabled) return undefined;
    return credential;
  }

  /**
   * Opens a game at the vendor: a launch token, then the signed launch call; the vendor's game
   * URL. GAME_LAUNCH_FAILED when the vendor has no credential or answers no URL.
   */
  async function launchAtVendor(
    db: Db,
    launch: VendorLaunch,
  ): Promise<{ url: string; walletMode: WalletMode }> {
    const credential = await credentialOf(db, launch.merchantId, launch.vendorCode);
    const member = await repo.findMemberAndMerchant(db, launch.merchantId, launch.memberId);
    if (!credential || !member) throw new AppError('GAME_LAUNCH_FAILED');
    const { token } = await createGameSession(db, launch);
    const answer = await signedPost(
      credential,
      member.merchantCode,
      'launch',
      {
        request_uuid: randomUUID(),
        token,
        user: member.username,
        currency: credential.currency,
        game_code: launch.gameCode,
        language: launch.language,
        platform: launch.platform,
        lobby_url: launch.lobbyUrl,
        wallet_mode: credential.walletMode,
        wallet_url: `${launch.origin}${VENDOR_API_PREFIX}`,
      },
      VendorLaunchResponse,
    ).catch(() => null);
    if (answer?.status !== 'RS_OK' || !answer.url) throw new AppError('GAME_LAUNCH_FAILED');
    return { url: answer.url, walletMode: credential.walletMode as WalletMode };
  }

  type Owner = { merchantId: number; memberId: number; vendorCode: string };
  type StartOptions = { transferUuid?: string };

  async function transferParties(db: Db, owner: Owner) {
    const credential = await credentialOf(db, owner.merchantId, owner.vendorCode);
    const member = await repo.findMemberAndMerchant(db, owner.merchantId, owner.memberId);
    if (!credential || credential.walletMode !== 'transfer' || !member) {
      throw new AppError('VALIDATION_ERROR', {
        issues: [{ path: 'body/wallet', message: 'unknown_wallet' }],
      });
    }
    return { credential, member };
  }

  const accounts = (owner: Owner) => ({
    main: { kind: 'member_main', memberId: owner.memberId } as AccountRef,
    vendor: {
      kind: 'member_vendor',
      memberId: owner.memberId,
      vendorCode: owner.vendorCode,
    } as AccountRef,
    transit: { kind: 'vendor_transfers_in_transit' } as AccountRef,
  });

  /**
   * The first half of a transfer, inside the caller's transaction: the amount moves from `source`
   * (main wallet in, vendor wallet out) to the in-transit account under the transfer's key, and
   * the transfer row records it; returns the row's id.
   */
  async function startTransfer(
    tx: Db,
    owner: Owner,
    credential: { id: number; currency: string },
    direction: 'in' | 'out',
    source: AccountRef,
    amount: bigint,
    transferUuid: string,
  ) {
    const entry = await postEntryIn(tx, {
      merchantId: owner.merchantId,
      currency: credential.currency,
      type: 'vendor_transfer',
      idempotencyKey: `vendor-transfer:${transferUuid}`,
      memberId: owner.memberId,
      reference: {
        from: direction === 'in' ? 'main' : owner.vendorCode,
        to: direction === 'in' ? owner.vendorCode : 'main',
        vendorCode: owner.vendorCode,
        transferId: transferUuid,
      },
      postings: [
        { account: source, amount: -amount },
        { account: accounts(owner).transit, amount },
      ],
    });
    return repo.insertTransfer(tx, {
      merchantId: owner.merchantId,
      memberId: owner.memberId,
      credentialId: credential.id,
      direction,
      amount,
      transferUuid,
      ledgerEntryId: entry.entryId,
    });
  }

  /**
   * What the member holds at the vendor now (`user/balance`), minor units; null when the vendor
   * does not answer.
   */
  async function remoteBalance(db: Db, owner: Owner): Promise<bigint | null> {
    const { credential, member } = await transferParties(db, owner);
    const remote = await signedPost(
      credential,
      member.merchantCode,
      'user/balance',
      { request_uuid: randomUUID(), user: member.username, currency: credential.currency },
      VendorRemoteBalanceResponse,
    ).catch(() => null);
    if (remote?.status !== 'RS_OK' || remote.balance === undefined) return null;
    return BigInt(remote.balance);
  }

  /**
   * Fund in: the amount leaves the main wallet for the in-transit account first (it cannot be
   * spent twice), then the vendor is asked to credit it under a unique reference; only once it
   * has does the amount reach the vendor wallet account.
   */
  async function fundIn(
    db: Db,
    owner: Owner,
    amount: bigint,
    options: StartOptions = {},
  ): Promise<TransferOutcome> {
    const { credential } = await transferParties(db, owner);
    const transferUuid = options.transferUuid ?? randomUUID();
    const { main } = accounts(owner);
    const id = await inTransaction(db, async (tx) => {
      // One member's transfers start one at a time (see fundOut).
      await lockSender(tx, owner.memberId);
      return startTransfer(tx, owner, credential, 'in', main, amount, transferUuid);
    });
    return settleTransfer(db, id);
  }

  /**
   * Fund out: the vendor wallet account is first brought to what the vendor says the member
   * holds (the game result there: a `bet` or `payout` entry), the amount moves from it to the
   * in-transit account, then the vendor is asked to pay it out; only once it has does the money
   * reach the main wallet. The vendor's balance is comparable with the account only while no
   * transfer of the member with this vendor is in flight: earlier ones are settled first, and
   * the balance is read again if one started or ended meanwhile.
   * GAME_WALLET_TRANSFER_PENDING when an earlier transfer is still unconfirmed,
   * GAME_WALLET_TRANSFER_FAILED when the vendor does not tell the balance; nothing moved then.
   */
  async function fundOut(
    db: Db,
    owner: Owner,
    amount: bigint,
    options: StartOptions = {},
  ): Promise<TransferOutcome> {
    const { credential } = await transferParties(db, owner);
    const transferUuid = options.transferUuid ?? randomUUID();
    const { vendor } = accounts(owner);
    for (let round = 0; round < 2; round += 1) {
      const earlier = await transfers.pendingTransfersOf(db, owner.memberId, credential.id);
      const outcomes = [];
      for (const transfer of earlier) outcomes.push(await settleTransfer(db, transfer.id));
      if (outcomes.some((outcome) => outcome.state === 'pending')) break;
      const before = await transfers.transferWatermark(db, owner.memberId, credential.id);
      const held = await remoteBalance(db, owner);
      if (held === null) throw new AppError('GAME_WALLET_TRANSFER_FAILED');
      const id = await inTransaction(db, async (tx) => {
        await lockSender(tx, owner.memberId);
        const now = await transfers.transferWatermark(tx, owner.memberId, credential.id);
        const inFlight = await transfers.pendingTransfersOf(tx, owner.memberId, credential.id);
        if (now !== before || inFlight.length > 0) return null;
        await syncVendorAccount(tx, owner, credential.currency, held, transferUuid);
        return startTransfer(tx, owner, credential, 'out', vendor, amount, transferUuid);
      });
      if (id !== null) return settleTransfer(db, id);
    }
    throw new AppError('GAME_WALLET_TRANSFER_PENDING');
  }

  /** Records the member's game result at the vendor so the vendor wallet account equals `held`. */
  async function syncVendorAccount(
    tx: Db,
    owner: Owner,
    currency: string,
    held: bigint,
    syncId: string,
  ): Promise<void> {
    const mirrored =
      (await memberBalances(tx, owner.merchantId, owner.memberId, currency)).find(
        (account) => account.kind === 'member_vendor' && account.vendorCode === owner.vendorCode,
      )?.balance ?? 0n;
    const result = held - mirrored;
    if (result === 0n) return;
    const { vendor } = accounts(owner);
    const reference: GameLedgerReference = {
      vendorCode: owner.vendorCode,
      gameCategory: (await repo.vendorCategory(tx, owner.merchantId, owner.vendorCode)) ?? 'OTHER',
      gameCode: '',
      roundId: `balance-sync:${syncId}`,
    };
    await postEntryIn(tx, {
      merchantId: owner.merchantId,
      currency,
      type: result > 0n ? 'payout' : 'bet',
      idempotencyKey: `vendor-sync:${syncId}`,
      memberId: owner.memberId,
      reference,
      postings: [
        { account: vendor, amount: result },
        { account: { kind: 'house' }, amount: -result },
      ],
    });
  }

  /**
   * Asks the vendor to apply a pending transfer, at most `maxAttempts` times under the same
   * reference. After a timeout it first asks the transfer's status: completed is done, failed is
   * undone, not found is sent again. Still unknown after the last attempt: left pending, for the
   * next settle (the re-settle job or a repeated request) to check again.
   */
  async function settleTransfer(db: Db, transferId: number): Promise<TransferOutcome> {
    const transfer = (await repo.findTransfer(db, transferId))!;
    const credential = (await repo.credentialById(db, transfer.credentialId))!;
    const member = (await repo.findMemberAndMerchant(db, transfer.merchantId, transfer.memberId))!;
    const call = (path: string, body: Record<string, unknown>, answer: z.ZodType) =>
      signedPost(credential, member.merchantCode, path, body, answer);
    const pending = { transferUuid: transfer.transferUuid, state: 'pending' as const, entry: null };
    if (transfer.state !== 'pending') {
      return { ...pending, state: transfer.state as TransferOutcome['state'] };
    }

    let checkFirst = transfer.attempts > 0;
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      if (checkFirst) {
        const status = (await call(
          'transfer/status',
          { request_uuid: randomUUID(), transfer_uuid: transfer.transferUuid },
          VendorTransferStatusResponse,
        ).catch(() => null)) as z.infer<typeof VendorTransferStatusResponse> | null;
        if (status?.state === 'completed') return conclude(db, transfer, 'completed');
        if (status?.state === 'failed') return conclude(db, transfer, 'failed');
        // not_found (the vendor never saw it) or no answer: send it again, same reference.
      }
      await repo.countAttempt(db, transfer.id);
      const answer = (await call(
        `transfer/${transfer.direction}`,
        {
          request_uuid: randomUUID(),
          transfer_uuid: transfer.transferUuid,
          user: member.username,
          amount: Number(transfer.amount),
          currency: credential.currency,
        },
        VendorTransferResponse,
      ).catch((error: unknown) => {
        if (error instanceof VendorUnreachable) return null;
        throw error;
      })) as z.infer<typeof VendorTransferResponse> | null;
      if (answer) return conclude(db, transfer, answer.status === 'RS_OK' ? 'completed' : 'failed');
      checkFirst = true;
    }
    return pending;
  }

  /**
   * Ends a pending transfer once, moving its amount out of transit: to the vendor wallet account
   * (fund in completed, fund out failed) or to the main wallet (fund out completed, fund in
   * failed). A transfer already ended (by a concurrent settle) moves nothing again.
   */
  async function conclude(
    db: Db,
    transfer: repo.TransferRow,
    state: 'completed' | 'failed',
  ): Promise<TransferOutcome> {
    const credential = (await repo.credentialById(db, transfer.credentialId))!;
    return inTransaction(db, async (tx) => {
      const locked = await repo.lockPendingTransfer(tx, transfer.id);
      if (!locked) {
        const now = (await repo.findTransfer(tx, transfer.id))!;
        return {
          transferUuid: now.transferUuid,
          state: now.state as TransferOutcome['state'],
          entry: null,
        };
      }
      const { entry } = await endTransferWithEntry(tx, transfer, credential, state, {
        idempotencyKey: `vendor-transfer:${transfer.transferUuid}:${state}`,
      });
      return { transferUuid: transfer.transferUuid, state, entry };
    });
  }

  return { launchAtVendor, fundIn, fundOut, settleTransfer, remoteBalance };
}

export type VendorClient = ReturnType<typeof createVendorClient>;
