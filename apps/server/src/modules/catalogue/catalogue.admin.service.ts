import type {
  AdminCategoryList,
  AdminGame,
  AdminGamePage,
  AdminGameQuery,
  AdminVendor,
  AdminVendorList,
  UpdateCategoryRequest,
  UpdateGameRequest,
  UpdateVendorRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import type { games } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, pageWindow, type OperatorActor } from '../operator/index.js';
import * as repo from './catalogue.admin.repository.js';

/**
 * The catalogue pages of the back office (issue 7, permission catalogue.write). Every change runs
 * on the locked row with its audit entry (before and after) in one transaction. The member site's
 * catalogue endpoints read these rows on every request (no cache), so a change shows at once.
 */

export async function categoryList(db: Db, merchantId: number): Promise<AdminCategoryList> {
  const [categories, vendorRows] = await Promise.all([
    repo.listCategories(db, merchantId),
    repo.listVendors(db, merchantId),
  ]);
  return categories.map((category) => ({
    id: category.id,
    code: category.code,
    sequence: category.sequence,
    vendors: vendorRows
      .filter((vendor) => vendor.categoryId === category.id)
      .map((vendor) => ({ id: vendor.id, code: vendor.code, displayName: vendor.displayName })),
  }));
}

export async function updateCategory(
  db: Db,
  actor: OperatorActor,
  id: number,
  body: UpdateCategoryRequest,
): Promise<AdminCategoryList> {
  await inTransaction(db, async (tx) => {
    const before = await repo.lockCategory(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.updateCategory(tx, id, { sequence: body.sequence });
    await auditAction(tx, actor, {
      action: 'catalogue.category_update',
      subjectType: 'game_category',
      subjectId: id,
      before: { code: before.code, sequence: before.sequence },
      after: { code: before.code, sequence: body.sequence },
    });
  });
  return categoryList(db, actor.merchantId);
}

export function vendorList(db: Db, merchantId: number): Promise<AdminVendorList> {
  return repo.listVendors(db, merchantId);
}

const vendorFields = (v: {
  displayName: string;
  categoryId: number;
  enabled: boolean;
  maintenance: boolean;
  sequence: number;
}) => ({
  displayName: v.displayName,
  categoryId: v.categoryId,
  enabled: v.enabled,
  maintenance: v.maintenance,
  sequence: v.sequence,
});

export async function updateVendor(
  db: Db,
  actor: OperatorActor,
  id: number,
  body: UpdateVendorRequest,
): Promise<AdminVendor> {
  await inTransaction(db, async (tx) => {
    const before = await repo.lockVendor(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    if (body.categoryId !== undefined && body.categoryId !== before.categoryId) {
      const category = await repo.lockCategory(tx, actor.merchantId, body.categoryId);
      if (!category) {
        throw new AppError('VALIDATION_ERROR', {
          issues: [{ path: '/categoryId', message: 'unknown_category' }],
        });
      }
      const clash = (await repo.listVendors(tx, actor.merchantId)).some(
        (v) => v.categoryId === body.categoryId && v.code === before.code,
      );
      if (clash) {
        throw new AppError('VALIDATION_ERROR', {
          issues: [{ path: '/categoryId', message: 'vendor_already_in_category' }],
        });
      }
    }
    const after = await repo.updateVendor(tx, id, body);
    await auditAction(tx, actor, {
      action: 'catalogue.vendor_update',
      subjectType: 'vendor',
      subjectId: id,
      before: { code: before.code, ...vendorFields(before) },
      after: { code: after.code, ...vendorFields(after) },
    });
  });
  const vendor = (await repo.listVendors(db, actor.merchantId)).find((v) => v.id === id);
  return vendor!;
}

type GameRow = typeof games.$inferSelect;

function gameOf(row: GameRow, vendorCode: string): AdminGame {
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorCode,
    gameCode: row.gameCode,
    name: row.name,
    gameType: row.gameType,
    enabled: row.enabled,
    maintenance: row.maintenance,
    isHot: row.isHot === 1,
    isNew: row.isNew === 1,
    sequence: row.sequence,
    iconUrl: row.iconUrl,
    lagerIcon: row.lagerIcon,
  };
}

export async function gamePage(
  db: Db,
  merchantId: number,
  query: AdminGameQuery,
): Promise<AdminGamePage> {
  return pageOf(query, await repo.pageGames(db, merchantId, query, pageWindow(query)), (row) =>
    gameOf(row.game, row.vendorCode),
  );
}

/** What the audit keeps of a game: the fields the back office can change. */
function auditedGame(game: AdminGame) {
  return {
    vendorCode: game.vendorCode,
    gameCode: game.gameCode,
    enabled: game.enabled,
    maintenance: game.maintenance,
    isHot: game.isHot,
    isNew: game.isNew,
    sequence: game.sequence,
    iconUrl: game.iconUrl,
    lagerIcon: game.lagerIcon,
  };
}

export async function updateGame(
  db: Db,
  actor: OperatorActor,
  id: number,
  body: UpdateGameRequest,
): Promise<AdminGame> {
  return inTransaction(db, async (tx) => {
    const before = await repo.lockGame(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const { isHot, isNew, ...rest } = body;
    const after = await repo.updateGame(tx, id, {
      ...rest,
      ...(isHot === undefined ? {} : { isHot: isHot ? 1 : 0 }),
      ...(isNew === undefined ? {} : { isNew: isNew ? 1 : 0 }),
    });
    const code = await repo.vendorCode(tx, before.vendorId);
    const game = gameOf(after, code);
    await auditAction(tx, actor, {
      action: 'catalogue.game_update',
      subjectType: 'game',
      subjectId: id,
      before: auditedGame(gameOf(before, code)),
      after: auditedGame(game),
    });
    return game;
  });
}
