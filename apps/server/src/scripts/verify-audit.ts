// Checks the audit log's hash chain end to end:
//   npm run audit:verify
// Exit 0 when every row chains to the one before it, 1 with the first broken row otherwise.
import { verifyAuditChain } from '../modules/audit/audit.service.js';
import { runOperatorScript } from './operator-script.js';

await runOperatorScript(async (db) => {
  const report = await verifyAuditChain(db);
  if (report.brokenAt === null) {
    console.log(`audit log intact: ${report.rows} rows`);
    return 0;
  }
  console.error(`audit log broken at row ${report.brokenAt}: ${report.reason}`);
  return 1;
});
