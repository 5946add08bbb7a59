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
import { mainBalance } from '../ledger/ledger.service.js';
import {
  gameWalletFunds,
  transferWithGameWallet,
} from '../transfer/game-wallet-transfer.service.js';
import { createVendorClient, type VendorClient } from '../vendor-wallet/vendor-client.js';
import { MAIN_WALLET, merchantWallet, walletBalance } from './wallet.service.js';

const tags = ['wallet'];

export const walletRoutes: FastifyPluginAsyncZod<{ db: Db; vendorClient?: VendorClient }> = async (
  app,
  { db, vendorClient = createVendorClient() },
) => {
  const games = { db, vendorClient };
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
    async (req) => ok(await gameWalletFunds(games, owner(req))),
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
        return ok(await transferWithGameWallet(games, { merchant, memberId }, req.body));
      } finally {
        // Whatever the vendor answered, the main wallet may have changed (the socket tells).
        const balance = await mainBalance(db, merchant.id, memberId, merchant.currency);
        await req.server.realtime.publishBalance(merchant.id, memberId, balance, merchant.currency);
      }
    },
  );
};
