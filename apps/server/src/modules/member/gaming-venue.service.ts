import type { DropdownOption, Language } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { getWhitelabel } from '../system/index.js';
import * as repo from './gaming-venue.repository.js';

/** An option list of the merchant in the caller's language. */
export async function dropdownOptions(
  db: Db,
  merchantId: number,
  menuGroup: string,
  language: Language,
): Promise<DropdownOption[]> {
  const rows = await repo.listOptions(db, merchantId, menuGroup);
  return rows.map((r) => ({ code: r.code, label: language === 'TL' ? r.labelTl : r.labelEn }));
}

/**
 * The player declares the gaming venue of this session: only where the operator asks for it
 * (switch GAMINGVENUE), and only a venue of the merchant's list.
 */
export async function declareGamingVenue(
  db: Db,
  merchantId: number,
  sessionId: number,
  code: string,
): Promise<void> {
  if (!(await getWhitelabel(db, merchantId)).GAMINGVENUE) {
    throw new AppError('FUNCTION_NOT_ENABLED');
  }
  const options = await repo.listOptions(db, merchantId, 'gamingvenue');
  if (!options.some((o) => o.code === code)) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'code', message: 'unknown venue' }],
    });
  }
  await repo.setSessionGamingVenue(db, sessionId, code);
}
