import type { Db } from '../../db/client.js';
import type { restrictedPersons } from '../../db/schema/index.js';
import * as repo from './eligibility.repository.js';
import { normalizeIdNumber, normalizeName } from './eligibility.service.js';

/** Who the list bars (SPEC section 1), as the CSV's category column names them. */
export const RESTRICTED_CATEGORIES = [
  'official',
  'military_police',
  'licence_holder',
  'self_excluded',
  'npd',
] as const;

export type ImportResult = {
  imported: number;
  /** Lines already on the list (same name, birthday, ID number and category): not added again. */
  duplicates: number;
  errors: { line: number; message: string }[];
};

/** What makes two list entries the same entry. */
function entryKey(row: {
  fullName: string;
  birthday?: string | null;
  idNumber?: string | null;
  category: string;
}): string {
  const id = row.idNumber ? normalizeIdNumber(row.idNumber) : null;
  return JSON.stringify([row.fullName, row.birthday ?? null, id, row.category]);
}

/** Splits one CSV line; quoted fields may hold commas and doubled quotes. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      current += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      fields.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  fields.push(current.trim());
  return fields;
}
/**
 * Imports a restricted-persons CSV with the header full_name,birthday,id_number,category,source.
 * Every line is checked first; one bad line imports nothing and every bad line is reported. Names
 * are stored normalised (the matcher's form); a line already on the list is not
 * added again, so importing the same file twice changes nothing the second time.
 */
export async function importRestrictedPersons(
  db: Db,
  merchantId: number,
  csv: string,
): Promise<ImportResult> {
  const lines = csv.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const expected = ['full_name', 'birthday', 'id_number', 'category', 'source'];
  if (header.join(',') !== expected.join(',')) {
    return {
      imported: 0,
      duplicates: 0,
      errors: [{ line: 1, message: `header must be ${expected.join(',')}` }],
    };
  }
  const rows: (typeof restrictedPersons.$inferInsert)[] = [];
  const errors: ImportResult['errors'] = [];
  lines.slice(1).forEach((text, index) => {
    const line = index + 2;
    if (text.trim() === '') return;
    const [fullName = '', birthday = '', idNumber = '', category = '', source = ''] =
      splitCsvLine(text);
    if (normalizeName(fullName).length < 3) errors.push({ line, message: 'full_name is required' });
    if (birthday && !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) {
      errors.push({ line, message: 'birthday must be yyyy-MM-dd' });
    }
    if (!(RESTRICTED_CATEGORIES as readonly string[]).includes(category)) {
      errors.push({ line, message: `category must be one of ${RESTRICTED_CATEGORIES.join(', ')}` });
    }
    rows.push({
      merchantId,
      fullName: normalizeName(fullName),
      birthday: birthday || null,
      idNumber: idNumber || null,
      category,
      source: source.slice(0, 80),
    });
  });
  if (errors.length > 0) return { imported: 0, duplicates: 0, errors };
  const seen = new Set<string>();
  let fresh = 0;
  await db.transaction(async (tx) => {
    // One import of the merchant's list at a time, held to the outermost commit: a second import of
    // the same file waits and then finds every line already there (and the re-check's matches
    // already queued), instead of adding them again beside the first.
    await repo.lockRestrictedList(tx, merchantId);
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const existing = await repo.entriesNamed(tx, merchantId, [
        ...new Set(chunk.map((row) => row.fullName)),
      ]);
      for (const row of existing) seen.add(entryKey(row));
      const added = chunk.filter((row) => {
        const key = entryKey(row);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      await repo.insertRestrictedPersons(tx, added);
      fresh += added.length;
    }
  });
  return { imported: fresh, duplicates: rows.length - fresh, errors: [] };
}
