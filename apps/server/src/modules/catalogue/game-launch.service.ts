import {
  GameCategory,
  IN_HOUSE_VENDOR,
  parseLanguage,
  LOTTERY_ROUTES,
  type LaunchGameRequest,
  type LaunchGameResult,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedIn } from '../../lib/guards.js';
import type { VendorClient } from '../vendor-wallet/index.js';
import * as repo from './catalogue.repository.js';
import type { GameRow } from './catalogue.repository.js';
import { maintenanceSuggestions, visibleGame, type CatalogueCaller } from './catalogue.service.js';

/** Opens a game at its vendor (launch token, signed launch call) and answers the game URL. */
export type LaunchAtVendor = VendorClient['launchAtVendor'];

export type LaunchCaller = CatalogueCaller & { auth: SignedIn };

/** html5-desktop (or nothing) plays the desktop page; any other platform value is mobile. */
function vendorPlatform(platform: string | undefined): 'web' | 'mobile' {
  return !platform || platform.includes('desktop') || platform === 'web' ? 'web' : 'mobile';
}

/**
 * Games the client plays on its own pages, answered with the same routing the client applies
 * before calling (SPEC section 2, game launch), so a client that calls anyway is sent to the
 * right page and never to a vendor: lottery vendors (TCG_LOTTO_VN, TCG_SEA, LOTT, ELOTT) to
 * their lottery page with gameCode; the in-house vendor (BGS) to /bgs with gameCode; a vendor
 * entry (isGame VASSALAGE) to /rng with vassalage when it is a slot vendor, else to its
 * sub-game list.
 */
function clientRoute(game: GameRow): LaunchGameResult | null {
  if (game.isGame === 'VASSALAGE') {
    return game.gameType === 'RNG'
      ? { mode: 'ROUTE', path: '/rng', query: { vassalage: game.vassalage } }
      : {
          mode: 'SUB_GAMES',
          vassalage: game.vassalage,
          gameType: GameCategory.parse(game.gameType),
        };
  }
  const lottery = LOTTERY_ROUTES[game.vassalage as keyof typeof LOTTERY_ROUTES];
  if (lottery) return { mode: 'ROUTE', path: lottery, query: { gameCode: game.gameCode } };
  if (game.vassalage === IN_HOUSE_VENDOR) {
    return { mode: 'ROUTE', path: '/bgs', query: { gameCode: game.gameCode } };
  }
  return null;
}

/**
 * POST /wps/game/launchGame. The route lets in members and agents only (a visitor gets
 * NOT_LOGGED_IN, a trial account IN_NEED_TRUE_ACCOUNT, SPEC section 6) and declares that it starts
 * play (maintenance, region and self-exclusion refuse it, decision 018). Then: the game must be visible at this merchant (else NOT_FOUND); optional
 * gameCode and vassalage must match it; a game or vendor under maintenance answers
 * GAME_MAINTENANCE with other games to suggest; client-routed games answer their route; any other
 * game opens at its vendor. Every launch that starts a game goes to the member's recent games.
 */
export async function launchGame(
  deps: { db: Db; launchAtVendor: LaunchAtVendor },
  caller: LaunchCaller,
  request: LaunchGameRequest,
  origin: string,
): Promise<LaunchGameResult> {
  const { db } = deps;
  const member = caller.auth.member;
  const game = await visibleGame(db, caller, request.nodeId);
  if (
    (request.gameCode !== undefined && request.gameCode !== game.gameCode) ||
    (request.vassalage !== undefined && request.vassalage !== game.vassalage)
  ) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'nodeId', reason: 'game_code_or_vendor_mismatch' }],
    });
  }
  if (game.gameMaintenance || game.vendorMaintenance) {
    throw new AppError('GAME_MAINTENANCE', {
      nodeId: game.id,
      vassalage: game.vassalage,
      suggestions: await maintenanceSuggestions(db, caller, game),
    });
  }
  const recent = { merchantId: caller.merchant.id, memberId: member.id, gameId: game.id };
  const routed = clientRoute(game);
  if (routed) {
    if (routed.mode === 'ROUTE') await repo.recordRecentPlay(db, recent);
    return routed;
  }
  const opened = await deps.launchAtVendor(db, {
    merchantId: caller.merchant.id,
    memberId: member.id,
    vendorId: game.vendorId,
    vendorCode: game.vassalage,
    gameCode: game.gameCode,
    language: parseLanguage(request.language, caller.language),
    platform: vendorPlatform(request.platform),
    lobbyUrl: `${origin}${request.backUrl ?? '/'}`,
    origin,
  });
  await repo.recordRecentPlay(db, recent);
  return {
    mode: 'URL',
    url: opened.url,
    nodeId: game.id,
    vassalage: game.vassalage,
    gameCode: game.gameCode,
    walletMode: opened.walletMode,
  };
}
