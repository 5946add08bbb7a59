// Recomputes every ledger balance from the journal and reports any difference:
//   npm run ledger:reconcile
// Exit 0 when the cached balances, the entries and the holds all agree, 1 otherwise.
import { isClean, reconcileLedger } from '../modules/ledger/reconcile.repository.js';
import { runOperatorScript } from './operator-script.js';

await runOperatorScript(async (db) => {
  const report = await reconcileLedger(db);
  console.log(`checked ${report.accounts} accounts and ${report.entries} entries`);
  for (const item of report.balanceMismatches) {
    console.error(`account ${item.accountId}: cached ${item.cached}, journal ${item.journal}`);
  }
  for (const id of report.unbalancedEntries) console.error(`entry ${id} does not sum to zero`);
  for (const item of report.currencyImbalances) {
    console.error(`${item.currency}: accounts sum to ${item.total}, not 0`);
  }
  for (const id of report.negativeMemberAccounts) console.error(`account ${id} is below zero`);
  for (const item of report.holdMismatches) {
    console.error(`holding account ${item.accountId}: ${item.balance}, pending ${item.pending}`);
  }
  for (const id of report.orphanPostings) console.error(`posting ${id} points at nothing`);
  for (const id of report.orphanEntries) console.error(`entry ${id} names an unknown owner`);
  if (!isClean(report)) return 1;
  console.log('ledger reconciled: no differences');
  return 0;
});
