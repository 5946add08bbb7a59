import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  VendorRemoteBalanceResponse,
  VendorTransferRequest,
  VendorTransferResponse,
  VendorTransferStatusResponse,
} from '@app/shared';

/** Which vendor and merchant a held balance belongs to. */
export interface TransferScope {
  vendorCode: string;
  merchant: string;
}

interface TransferRecord {
  direction: 'in' | 'out';
  user: string;
  amount: number;
  currency: string;
  state: 'completed' | 'failed';
  answer: VendorTransferResponse;
}

interface State {
  balances: Record<string, number>;
  transfers: Record<string, TransferRecord>;
}

/**
 * Balances a transfer-wallet vendor holds for members: funded in and out by the platform with
 * unique transfer ids (each applied at most once), spent and won by play. Kept in a JSON file
 * so the platform's mirror of them stays true across restarts of the sim.
 */
export function createTransferWallet(file: string | null) {
  const state: State =
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as State)
      : { balances: {}, transfers: {} };

  function save() {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  }

  const account = (scope: TransferScope, user: string, currency: string) =>
    `${scope.vendorCode}|${scope.merchant}|${user}|${currency}`;
  const transferKey = (scope: TransferScope, transferUuid: string) =>
    `${scope.vendorCode}|${scope.merchant}|${transferUuid}`;

  function balanceOf(scope: TransferScope, user: string, currency: string): number {
    return state.balances[account(scope, user, currency)] ?? 0;
  }

  function move(scope: TransferScope, user: string, currency: string, delta: number) {
    state.balances[account(scope, user, currency)] = balanceOf(scope, user, currency) + delta;
  }

  return {
    /** Fund in (+) or fund out (-) once per transfer_uuid; a repeat answers the first result. */
    transfer(
      scope: TransferScope,
      direction: 'in' | 'out',
      request: VendorTransferRequest,
    ): VendorTransferResponse {
      const key = transferKey(scope, request.transfer_uuid);
      const earlier = state.transfers[key];
      if (earlier) {
        const same =
          earlier.direction === direction &&
          earlier.user === request.user &&
          earlier.amount === request.amount &&
          earlier.currency === request.currency;
        return same ? earlier.answer : { status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
      }
      const held = balanceOf(scope, request.user, request.currency);
      const refused = direction === 'out' && held < request.amount;
      if (!refused) {
        move(
          scope,
          request.user,
          request.currency,
          direction === 'in' ? request.amount : -request.amount,
        );
      }
      const answer: VendorTransferResponse = {
        status: refused ? 'RS_ERROR_NOT_ENOUGH_MONEY' : 'RS_OK',
        transfer_uuid: request.transfer_uuid,
        balance: balanceOf(scope, request.user, request.currency),
      };
      state.transfers[key] = {
        direction,
        user: request.user,
        amount: request.amount,
        currency: request.currency,
        state: refused ? 'failed' : 'completed',
        answer,
      };
      save();
      return answer;
    },

    status(scope: TransferScope, transferUuid: string): VendorTransferStatusResponse {
      const record = state.transfers[transferKey(scope, transferUuid)];
      return {
        status: 'RS_OK',
        transfer_uuid: transferUuid,
        state: record?.state ?? 'not_found',
        direction: record?.direction ?? null,
        amount: record?.amount ?? null,
      };
    },

    balance(scope: TransferScope, user: string, currency: string): VendorRemoteBalanceResponse {
      return { status: 'RS_OK', balance: balanceOf(scope, user, currency) };
    },

    /** Takes a stake from the held balance; false when it is not enough. */
    debit(scope: TransferScope, user: string, currency: string, amount: number): boolean {
      if (balanceOf(scope, user, currency) < amount) return false;
      move(scope, user, currency, -amount);
      save();
      return true;
    },

    credit(scope: TransferScope, user: string, currency: string, amount: number) {
      move(scope, user, currency, amount);
      save();
    },

    balanceOf,
  };
}

export type TransferWallet = ReturnType<typeof createTransferWallet>;
