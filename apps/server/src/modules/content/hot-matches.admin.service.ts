import type {
  AdminHotMatch,
  AdminHotMatchInput,
  AdminHotMatchPage,
  AdminHotMatchQuery,
} from '@app/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, pageWindow, type OperatorActor } from '../operator/index.js';
import type { ContentAdminDeps } from './content.admin.service.js';
import * as repo from './content.repository.js';
import type { Db } from '../../db/client.js';

/**
 * The home page's hot matches in the back office (permission content.write): each change is
 * audited with before and after, then the merchant's cached public state is dropped so
 * `sportsMatchHotList` shows it on the next call.
 */

type HotMatchRow = repo.ContentRowOf<'hotMatch'>;

function toAdminHotMatch(row: HotMatchRow): AdminHotMatch {
  return {
    id: row.id,
    vendorCode: row.vendorCode,
    title: { EN: row.title.EN, TL: row.title.TL },
    homeTeam: row.homeTeam,
    awayTeam: row.awayTeam,
    homeTeamImageUrl: row.homeTeamImageUrl,
    awayTeamImageUrl: row.awayTeamImageUrl,
    matchTime: row.matchTime.toISOString(),
    sequence: row.sequence,
    enabled: row.enabled,
  };
}

/** The merchant's hot matches, latest kick-off first (past ones too, to edit or delete). */
export async function adminHotMatches(
  db: Db,
  merchantId: number,
  query: AdminHotMatchQuery,
): Promise<AdminHotMatchPage> {
  const { rows, total } = await repo.hotMatchPage(db, merchantId, pageWindow(query));
  return { items: rows.map(toAdminHotMatch), page: query.page, size: query.size, total };
}

/** Creates (id null) or changes a hot match; the vendor must be one of the merchant's. */
export async function saveHotMatch(
  deps: ContentAdminDeps,
  actor: OperatorActor,
  id: number | null,
  input: z.output<typeof AdminHotMatchInput>,
): Promise<AdminHotMatch> {
  const saved = await inTransaction(deps.db, async (tx) => {
    const before = id === null ? null : await repo.lockHotMatch(tx, actor.merchantId, id);
    if (id !== null && !before) throw new AppError('NOT_FOUND');
    if (!(await repo.hasVendor(tx, actor.merchantId, input.vendorCode))) {
      throw new AppError('VALIDATION_ERROR', {
        issues: [{ path: '/vendorCode', message: 'unknown_vendor' }],
      });
    }
    const values = {
      vendorCode: input.vendorCode,
      title: input.title,
      homeTeam: input.homeTeam,
      awayTeam: input.awayTeam,
      homeTeamImageUrl: input.homeTeamImageUrl,
      awayTeamImageUrl: input.awayTeamImageUrl,
      matchTime: new Date(input.matchTime),
      sequence: input.sequence,
      enabled: input.enabled,
    };
    const row = await repo.saveContent(tx, 'hotMatch', actor.merchantId, id, values);
    if (!row) throw new AppError('NOT_FOUND');
    await auditAction(tx, actor, {
      action: id === null ? 'content.hot_match.create' : 'content.hot_match.update',
      subjectType: 'hot_match',
      subjectId: row.id,
      before: before ? toAdminHotMatch(before) : null,
      after: toAdminHotMatch(row),
    });
    return row;
  });
  await deps.cache.invalidate(actor.merchantId);
  return toAdminHotMatch(saved);
}

export async function deleteHotMatch(deps: ContentAdminDeps, actor: OperatorActor, id: number) {
  await inTransaction(deps.db, async (tx) => {
    const before = await repo.lockHotMatch(tx, actor.merchantId, id);
    if (!before) throw new AppError('NOT_FOUND');
    await repo.deleteContent(tx, 'hotMatch', id);
    await auditAction(tx, actor, {
      action: 'content.hot_match.delete',
      subjectType: 'hot_match',
      subjectId: id,
      before: toAdminHotMatch(before),
      after: null,
    });
  });
  await deps.cache.invalidate(actor.merchantId);
  return { id, deleted: true as const };
}
