// Imports a restricted-persons CSV for one merchant:
//   npm run restricted:import -- <merchant code> <file.csv>
import { readFileSync } from 'node:fs';
import { importRestrictedPersons } from '../modules/eligibility/restricted-import.js';
import { findMerchantByCode } from '../modules/merchant/merchant.repository.js';
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
  console.log(`imported ${result.imported} restricted persons for ${merchantCode}`);
  return result.errors.length > 0 ? 1 : 0;
});
