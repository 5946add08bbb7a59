// Imports a restricted-persons CSV for one merchant:
//   npm run restricted:import -- <merchant code> <file.csv>
import { readFileSync } from 'node:fs';
import { importRestrictedPersons } from '../modules/eligibility/restricted-import.js';
import { recheckMembers } from '../modules/eligibility/restricted-recheck.js';
import { findMerchantByCode } from '../modules/merchant/index.js';
import { operatorPath, runOperatorScript } from './operator-script.js';

const [merchantCode, file] = process.argv.slice(2);
if (!merchantCode || !file) {
  console.error('usage: npm run restricted:import -- <merchant code> <file.csv>');
  process.exit(2);
}
await runOperatorScript(async (db) => {
  const merchant = await findMerchantByCode(db, merchantCode);
  if (!merchant) throw new Error(`no merchant with code ${merchantCode}`);
  const csv = readFileSync(operatorPath(file), 'utf8');
  const result = await importRestrictedPersons(db, merchant.id, csv);
  for (const error of result.errors) console.error(`line ${error.line}: ${error.message}`);
  if (result.errors.length > 0) return 1;
  // The back office's import does the same: members the list now matches are queued and signed out.
  const matched = await recheckMembers(db, merchant.id, { operatorId: null, ip: null });
  console.log(
    `imported ${result.imported} restricted persons for ${merchantCode} ` +
      `(${result.duplicates} already listed); ${matched.length} members newly matched`,
  );
  return 0;
});
