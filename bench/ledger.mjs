// bench: wallet operations per second through the ledger's production path on PostgreSQL, 50
// concurrent callers, next to pgbench's built-in TPC-B-like tps of the same cluster in the same
// run. The path is `postEntry`: one entry in its own transaction, as deposits, transfers,
// bonuses and holds write (each a batch of one of the ledger's one implementation, decision
// 023). The batched path production runs is the vendor wallet's: `npm run bench:vendor-wallet`.
//   npm run bench:ledger
// Settings (environment): BENCH_DATABASE_URL (a PostgreSQL server the bench may create and drop
// databases on; default postgres://postgres@127.0.0.1:5432/postgres), DURATION (seconds per
// case, 20), CALLERS (50), MEMBERS (10000), PGBENCH_SCALE (50), CASES (names' parts, separated
// by ;), KEEP=1 keeps the two databases. Exits 1 on an error or an unclean ledger, never on timing.
import { cpus } from 'node:os';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/demo.ts';
import { postEntries } from '../apps/server/src/modules/ledger/batcher.ts';
import { postEntry } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { AppError } from '../apps/server/src/lib/app-error.ts';
import {
  admin,
  cpuSnapshot,
  cpuSpent,
  fmt,
  insertBenchMembers,
  recreate,
  reconcile,
  runPgbench as pgbenchRun,
  serverVersion,
  settle,
  summary,
  urlOf,
} from './support.mjs';

const DURATION = Number(process.env.DURATION ?? 20);
const CALLERS = Number(process.env.CALLERS ?? 50);
const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const SCALE = Number(process.env.PGBENCH_SCALE ?? 50);
const ONLY = process.env.CASES?.split(';');
const LEDGER_DB = 'bench_ledger';
const PGBENCH_DB = 'bench_pgbench';
const CURRENCY = 'PHP';
const VENDOR = 'PG';

const runPgbench = () =>
  pgbenchRun({
    db: PGBENCH_DB,
    scale: SCALE,
    clients: CALLERS,
    seconds: DURATION,
    keep: Boolean(process.env.KEEP),
  });

// the ledger -----------------------------------------------------------------------------------

const random = (n) => Math.floor(Math.random() * n);
const amount = () => BigInt(100 + random(4_900)); // 1.00 to 50.00

/** A realistic wallet mix: bets and wins against the house, a few vendor transfers, deposits. */
function mixOp(merchantId, member, key, house) {
  const main = { kind: 'member_main', memberId: member };
  const base = { merchantId, currency: CURRENCY, idempotencyKey: key, memberId: member };
  const value = amount();
  const r = Math.random();
  if (r < 0.45) {
    return {
      ...base,
      type: 'bet',
      postings: [
        { account: main, amount: -value },
        { account: house, amount: value },
      ],
    };
  }
  if (r < 0.85) {
    return {
      ...base,
      type: 'payout',
      postings: [
        { account: house, amount: -value },
        { account: main, amount: value },
      ],
    };
  }
  if (r < 0.95) {
    const vendor = { kind: 'member_vendor', memberId: member, vendorCode: VENDOR };
    const [from, to] = r < 0.9 ? [main, vendor] : [vendor, main];
    return {
      ...base,
      type: 'vendor_transfer',
      postings: [
        { account: from, amount: -value },
        { account: to, amount: value },
      ],
    };
  }
  return {
    ...base,
    type: 'deposit',
    postings: [
      { account: { kind: 'payments_in_transit' }, amount: -value },
      { account: main, amount: value },
    ],
  };
}

/** Every operation a bet or a win on the house account (`house`: its 16 shards, or one row). */
function hotOp(merchantId, member, key, house) {
  const op = mixOp(merchantId, member, key, house);
  if (op.type === 'bet' || op.type === 'payout') return op;
  const value = amount();
  const main = { kind: 'member_main', memberId: member };
  return {
    ...op,
    type: 'bet',
    postings: [
      { account: main, amount: -value },
      { account: house, amount: value },
    ],
  };
}

async function drive(name, post, makeOp, memberIds, merchantId) {
  const latencies = [];
  const errors = [];
  let refused = 0;
  const stopAt = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      for (let n = 0; performance.now() < stopAt; n += 1) {
        const member = memberIds[random(memberIds.length)];
        const request = makeOp(merchantId, member, `${name}-${caller}-${n}`);
        const begin = performance.now();
        try {
          await post(request);
        } catch (error) {
          if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') refused += 1;
          else errors.push(error);
        }
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...summary(latencies, seconds), operations: latencies.length, refused, errors };
}

async function runLedger() {
  await recreate(LEDGER_DB);
  const url = urlOf(LEDGER_DB);
  const batchedDb = openPostgres(url, 4);
  const singleDb = openPostgres(url, CALLERS);
  const results = [];
  const errors = [];
  try {
    await batchedDb.migrate();
    await seedDemo(batchedDb.db);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { merchantId, memberIds } = await insertBenchMembers(client, MEMBERS, 'bench');
    await client.end();

    const funds = memberIds.map((member) => ({
      merchantId,
      currency: CURRENCY,
      type: 'deposit',
      idempotencyKey: `fund-${member}`,
      memberId: member,
      postings: [
        { account: { kind: 'member_main', memberId: member }, amount: 1_000_000n },
        { account: { kind: 'payments_in_transit' }, amount: -1_000_000n },
      ],
    }));
    for (let n = 0; n < funds.length; n += 500) {
      await postEntries(batchedDb.db, funds.slice(n, n + 500));
    }

    // Fresh statistics after funding, as autovacuum would have them on a running system.
    const vacuum = new pg.Client({ connectionString: url });
    await vacuum.connect();
    await vacuum.query('vacuum analyze');
    await vacuum.end();
    const mix = (merchant, member, key) => mixOp(merchant, member, key, { kind: 'house' });
    const hot = (merchant, member, key) => hotOp(merchant, member, key, { kind: 'house' });
    const oneRow = (merchant, member, key) =>
      hotOp(merchant, member, key, { kind: 'house', shard: 0 });
    // The production path of deposits, transfers, bonuses and holds: one entry per transaction.
    const cases = [
      ['postEntry, mix', mix],
      ['postEntry, hot house account (every op on house)', hot],
      ['postEntry, every op on one pinned house row', oneRow],
    ].filter(([name]) => !ONLY || ONLY.some((only) => name.includes(only)));
    const post = (request) => postEntry(singleDb.db, request);
    for (const [name, makeOp] of cases) {
      await settle();
      const cpuBefore = cpuSnapshot();
      const wallBefore = performance.now();
      const result = await drive(name.replace(/\W+/g, '_'), post, makeOp, memberIds, merchantId);
      const wall = performance.now() - wallBefore;
      const cpuAfter = cpuSnapshot();
      const nodeCpu = ((cpuAfter.own - cpuBefore.own) / wall) * 100;
      // CPU per operation moves less with the machine's other load than the rate does.
      const per = cpuSpent(cpuBefore, cpuAfter, result.operations);
      results.push({
        name,
        ...result,
        note: `node CPU ${nodeCpu.toFixed(0)}%; CPU per op: node ${per.own.toFixed(2)} ms, PostgreSQL ${per.postgres.toFixed(2)} ms`,
      });
      errors.push(...result.errors);
    }
  } finally {
    await batchedDb.close();
    await singleDb.close();
  }
  return { results, errors, url };
}

const version = await serverVersion();
console.log(`# bench/ledger: ${CALLERS} callers, ${DURATION} s per case, ${MEMBERS} members`);
console.log(
  `# ${cpus().length} CPUs (${cpus()[0]?.model}), PostgreSQL ${version}, node ${process.version}`,
);

// pgbench before and after the ledger cases: the machine's load may change during the run.
const before = await runPgbench();
console.log(`pgbench tpcb-like before: ${before.perSecond.toFixed(0)} tps`);
const { results, errors, url } = await runLedger();
const after = await runPgbench();
console.log(`pgbench tpcb-like after: ${after.perSecond.toFixed(0)} tps`);
const pgbench = before.perSecond >= after.perSecond ? before : after;
const { ok, output } = reconcile(url);
if (!process.env.KEEP) await admin(`drop database if exists ${LEDGER_DB} with (force)`);

console.log('');
console.log('| case | ops/s | vs pgbench (better run) | p50 | p99 | refused | notes |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const [when, run] of [
  ['before', before],
  ['after', after],
]) {
  console.log(
    `| pgbench tpcb-like, -c ${CALLERS}, scale ${SCALE} (${when}) | ${run.perSecond.toFixed(0)} tps | ${(run.perSecond / pgbench.perSecond).toFixed(2)}x | ${fmt(run.p50)} | ${fmt(run.p99)} | - | 5 statements/tx |`,
  );
}
for (const result of results) {
  console.log(
    `| ${result.name} | ${result.perSecond.toFixed(0)} | ${(result.perSecond / pgbench.perSecond).toFixed(2)}x | ${fmt(result.p50)} | ${fmt(result.p99)} | ${result.refused} | ${result.note} |`,
  );
}
console.log('');
console.log(`reconcile (npm run ledger:reconcile on ${LEDGER_DB}): ${output.replace(/\n/g, '; ')}`);
for (const error of errors.slice(0, 5)) console.error(error);
if (errors.length > 0) console.error(`${errors.length} operations failed with an error`);
process.exitCode = errors.length > 0 || !ok ? 1 : 0;
