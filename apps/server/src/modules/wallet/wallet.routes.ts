import {
  ConsolidatedFunds,
  MerchantWallet,
  WalletBalance,
  WalletTransferRequest,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ACCOUNT_ROLES, allow, signedIn } from '../../lib/guards.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import { mainBalance } from '../ledger/index.js';
import type { Merchant } from '../merchant/index.js';
import { MAIN_WALLET, merchantWallet, walletBalance } from './wallet.service.js';

const tags = ['wallet'];

type WalletOwner = { merchant: Merchant; memberId: number };

/**
 * The game wallets behind two of these doors: the transfer module's funds and transfers with a
 * vendor's wallet. The transfer module builds on the wallets, so the app passes them in.
 */
export type GameWalletDoors = {
  funds(owner: WalletOwner): Promise<ConsolidatedFunds>;
  transfer(owner: WalletOwner, request: WalletTransferRequest): Promise<ConsolidatedFunds>;
};

export const walletRoutes: FastifyPluginAsyncZod<{ db: Db; games: GameWalletDoors }> = async (
  app,
  { db, games },
) => {
  const owner = (req: Parameters<typeof signedIn>[0]) => ({
    merchant: req.ctx.merchant,
    memberId: signedIn(req).member.id,
  });

  app.get(
    '/wps/v2/wallets/balance',
    {
      onRequest: allow('trial', 'member', 'agent'),
      schema: memberRoute({ summary: 'Main wallet balance (header)', tags, value: WalletBalance }),
    },
    async (req) => ok(await walletBalance(db, owner(req))),
  );
  app.get(
    '/wps/member/info/funds/consolidated',
    {
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary: 'Main wallet and every vendor transfer wallet',
        tags,
        value: ConsolidatedFunds,
      }),
    },
    async (req) => ok(await games.funds(owner(req))),
  );
  app.get(
    '/wps/v2/wallets/merchant',
    {
      onRequest: allow('trial', 'member', 'agent'),
      schema: memberRoute({
        summary: "The merchant's wallets: consolidated or with vendor transfer wallets",
        tags,
        value: MerchantWallet,
      }),
    },
    async (req) => ok(await merchantWallet(db, req.ctx.merchant)),
  );
  app.post(
    '/wps/v2/wallets/transfer',
    {
      // Money into a game is refused while blocked; out of it never, so none is stuck there.
      config: { startsPlayOrMoney: (body) => (body as WalletTransferRequest).from === MAIN_WALLET },
      onRequest: allow(...ACCOUNT_ROLES),
      schema: memberRoute({
        summary:
          'Move money between the main wallet and a vendor transfer wallet, at the vendor (fund in / fund out)',
        tags,
        body: WalletTransferRequest,
        value: ConsolidatedFunds,
      }),
    },
    async (req) => {
      const { merchant, memberId } = owner(req);
      try {
        return ok(await games.transfer({ merchant, memberId }, req.body));
      } finally {
        // Whatever the vendor answered, the main wallet may have changed (the socket tells).
        const balance = await mainBalance(db, merchant.id, memberId, merchant.currency);
        await req.server.realtime.publishBalance(merchant.id, memberId, balance, merchant.currency);
      }
    },
  );
};
