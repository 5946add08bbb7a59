// bench: what one ledger entry costs, on one connection with nothing else waiting: wall time and
// CPU per entry of this process and of the PostgreSQL backend that served it, for `postEntry` (the
// production path of deposits, transfers, bonuses and holds). Unlike the rates of bench/ledger,
// CPU per entry moves little with the machine's other load, so two trees can be compared on a
// busy machine. With PGSS=1, on a server whose shared_preload_libraries has pg_stat_statements,
// it also lists each statement's time per call (which statement costs what).
//   npm run bench:ledger-entry-cost
// Settings (environment): BENCH_DATABASE_URL (as bench/ledger), ENTRIES (3000), MEMBERS (200),
// PGSS (0). The bets and wins alternate between the members and the house account.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/demo.ts';
import { postEntry } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { admin, insertBenchMembers, recreate, urlOf } from './support.mjs';

const ENTRIES = Number(process.env.ENTRIES ?? 3000);
const MEMBERS = Number(process.env.MEMBERS ?? 200);
const PGSS = process.env.PGSS === '1';
const DB = 'bench_ledger_entry';
const CURRENCY = 'PHP';

/** CPU time (ms) of a process so far, from /proc (user and system). */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

await recreate(DB);
const url = urlOf(DB);
// One connection: every entry is served by the same backend, whose CPU is read from /proc.
const handle = openPostgres(url, 1);
const client = new pg.Client({ connectionString: url });
try {
  await handle.migrate();
  await seedDemo(handle.db);
  await client.connect();
  const { merchantId, memberIds: members } = await insertBenchMembers(client, MEMBERS, 'cost');
  const entry = (key, type, memberId, toMember, other) => ({
    merchantId,
    currency: CURRENCY,
    type,
    idempotencyKey: key,
    memberId,
    postings: [
      { account: { kind: 'member_main', memberId }, amount: toMember },
      { account: other, amount: -toMember },
    ],
  });
  for (const member of members) {
    const deposit = entry(`fund-${member}`, 'deposit', member, 100_000_000n, {
      kind: 'payments_in_transit',
    });
    await postEntry(handle.db, deposit);
  }
  await client.query('vacuum analyze');
  // Bets and wins in turn, against the house account.
  const op = (n, prefix) => {
    const value = BigInt(100 + (n % 4_900));
    const member = members[n % members.length];
    return n % 2
      ? entry(`${prefix}-${n}`, 'bet', member, -value, { kind: 'house' })
      : entry(`${prefix}-${n}`, 'payout', member, value, { kind: 'house' });
  };
  // Warm: the connection's statements prepared, the plans cached.
  for (let n = 0; n < 300; n += 1) await postEntry(handle.db, op(n, 'warm'));
  const backend = (
    await client.query(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'`,
    )
  ).rows.map((row) => row.pid);
  if (backend.length !== 1) throw new Error(`expected one backend, found ${backend.length}`);
  if (PGSS) {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  }
  const backendBefore = cpuOf(backend[0]);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  for (let n = 0; n < ENTRIES; n += 1) await postEntry(handle.db, op(n, 'entry'));
  const wall = performance.now() - started;
  const own = process.cpuUsage(ownBefore);
  const backendCpu = cpuOf(backend[0]) - backendBefore;
  console.log(`# bench/ledger-entry-cost: ${ENTRIES} sequential postEntry on one connection`);
  console.log('| per entry | wall | node CPU | PostgreSQL backend CPU |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(
    `| postEntry | ${(wall / ENTRIES).toFixed(3)} ms | ${((own.user + own.system) / 1000 / ENTRIES).toFixed(3)} ms | ${(backendCpu / ENTRIES).toFixed(3)} ms |`,
  );
  if (PGSS) {
    const { rows } = await client.query(
      `select calls, total_exec_time / calls as per_call,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 80) as statement
         from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and calls >= $1
        order by total_exec_time desc limit 12`,
      [ENTRIES],
    );
    console.log('');
    console.log('| statement | calls | ms per call |');
    console.log('| --- | ---: | ---: |');
    for (const row of rows) {
      console.log(`| ${row.statement} | ${row.calls} | ${Number(row.per_call).toFixed(4)} |`);
    }
  }
} finally {
  await client.end().catch(() => {});
  await handle.close();
  if (!process.env.KEEP) await admin(`drop database if exists ${DB} with (force)`);
}
