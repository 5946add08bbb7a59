// bench: vendor wallet calls (signed bet and win over HTTP, docs/vendor-wallet-api.md) per
// second against the real server on PostgreSQL, 100 concurrent vendor connections, next to
// pgbench's TPC-B-like tps of the same cluster in the same run; the ledger is reconciled after.
//   npm run bench:vendor-wallet
// Settings (environment): BENCH_DATABASE_URL (see bench/support.mjs), DURATION (seconds, 20),
// CALLERS (100: concurrent HTTP callers), POOL (20: the server's database pool; PostgreSQL's
// max_connections is 100 by default, so the pool must stay well under it), PGBENCH_CLIENTS
// (min(CALLERS, 50): pgbench's clients, under the same limit), MEMBERS (2000), PGBENCH_SCALE
// (50), VENDOR_BATCH_LANES (the server setting, 2), PACED_RATE (calls/s of the paced phase;
// pgbench's tps by default, 0 skips it), WARMUP (seconds of calls before the phases, then
// VACUUM ANALYZE; 5, 0 skips it), KEEP=1 keeps the databases. Exits 1 on an error, an
// unexpected status or an unclean ledger, never on timing.
// Two measured phases on the same server and data, each DURATION seconds:
// - closed loop: each of the CALLERS connections sends its next call when the last is answered.
//   Throughput is what the server gives; latency follows from it (Little's law: about
//   CALLERS / calls per second), so p99 < 50 ms cannot show below about 2,000 calls/s with 100
//   callers, whatever the server does (pgbench itself shows a p99 over 100 ms at -c 50).
// - paced (open loop, as wrk2): the same connections send calls at a fixed total rate, pgbench's
//   tps just measured, each on its own schedule; latency counts from each call's scheduled send
//   time, so a stall also counts against the calls queued behind it (no coordinated omission).
//   It reports the achieved rate, p50 and p99 at the target's load, and the service time.
// The vendor side runs in its own process (bench/vendor-wallet-caller.mjs), as a vendor's servers
// and pgbench do, so the server's event loop is not shared with the load generator.
// The ledger is reconciled after both phases.
import { fork } from 'node:child_process';
import { cpus } from 'node:os';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { vendorCredentials } from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/demo.ts';
import { postEntries } from '../apps/server/src/modules/ledger/batcher.ts';
import { createGameSession } from '../apps/server/src/modules/vendor-wallet/vendor-wallet.service.ts';
import {
  admin,
  cpuSnapshot,
  cpuSpent,
  fmt,
  recreate,
  reconcile,
  runPgbench,
  serverVersion,
  settle,
  summary,
  urlOf,
} from './support.mjs';

const DURATION = Number(process.env.DURATION ?? 20);
const CALLERS = Number(process.env.CALLERS ?? 100);
const POOL = Number(process.env.POOL ?? 20);
const PGBENCH_CLIENTS = Number(process.env.PGBENCH_CLIENTS ?? Math.min(CALLERS, 50));
const MEMBERS = Number(process.env.MEMBERS ?? 2_000);
const WARMUP = Number(process.env.WARMUP ?? 5);
const SCALE = Number(process.env.PGBENCH_SCALE ?? 50);
const KEEP = Boolean(process.env.KEEP);
const WALLET_DB = 'bench_vendor_wallet';
const PGBENCH_DB = 'bench_vendor_pgbench';
const CURRENCY = 'PHP';
const SECRET = 'bench-vendor-secret-0123456789';

/** The database, the server listening on a free port, members with money and launch tokens. */
async function prepare() {
  await recreate(WALLET_DB);
  const url = urlOf(WALLET_DB);
  const database = openPostgres(url, POOL);
  await database.migrate();
  await seedDemo(database.db);
  // Test mode: no scheduled jobs competing with the calls, the development secrets key.
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ADMIN_DIST_DIR: '/nonexistent',
      ...(process.env.VENDOR_BATCH_LANES && { VENDOR_BATCH_LANES: process.env.VENDOR_BATCH_LANES }),
    }),
    database,
    redis: null,
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const merchant = (await client.query('select id, code from merchants where is_default')).rows[0];
  const game = (
    await client.query(
      `select v.id as vendor_id, v.code, g.game_code from games g join vendors v on v.id = g.vendor_id
        where g.merchant_id = $1 and v.wallet_mode = 'seamless' order by g.id limit 1`,
      [merchant.id],
    )
  ).rows[0];
  const members = (
    await client.query(
      `insert into members (merchant_id, username, password_hash)
       select $1, 'vwbench' || g, 'not-a-hash' from generate_series(1, $2::int) g
       returning id, username`,
      [merchant.id, MEMBERS],
    )
  ).rows;
  await client.end();
  // Written through the app's column type: the secret is sealed at rest.
  await database.db
    .insert(vendorCredentials)
    .values({
      merchantId: merchant.id,
      vendorCode: game.code,
      secret: SECRET,
      currency: CURRENCY,
      baseUrl: 'http://127.0.0.1:9',
    })
    .onConflictDoUpdate({
      target: [vendorCredentials.merchantId, vendorCredentials.vendorCode],
      set: { secret: SECRET, walletMode: 'seamless', enabled: true },
    });

  const funds = members.map((member) => ({
    merchantId: merchant.id,
    currency: CURRENCY,
    type: 'deposit',
    idempotencyKey: `fund-${member.id}`,
    memberId: member.id,
    postings: [
      { account: { kind: 'member_main', memberId: member.id }, amount: 100_000_000n },
      { account: { kind: 'payments_in_transit' }, amount: -100_000_000n },
    ],
  }));
  for (let n = 0; n < funds.length; n += 500) {
    await postEntries(database.db, funds.slice(n, n + 500));
  }
  const players = [];
  for (const member of members) {
    const { token } = await createGameSession(database.db, {
      merchantId: merchant.id,
      memberId: member.id,
      vendorId: game.vendor_id,
      gameCode: game.game_code,
    });
    players.push({ user: member.username, token });
  }
  const vacuum = new pg.Client({ connectionString: url });
  await vacuum.connect();
  await vacuum.query('vacuum analyze');
  await vacuum.end();

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database, url, address, merchant, game, players };
}

function report(latencies, seconds) {
  return {
    all: summary([...latencies.bet, ...latencies.win], seconds),
    bet: summary(latencies.bet, seconds),
    win: summary(latencies.win, seconds),
  };
}

/**
 * Runs one phase in the vendor process (bench/vendor-wallet-caller.mjs): closed loop when `rate`
 * is 0, else paced at `rate` calls per second in all.
 */
async function callFromVendor({ address, merchant, game, players }, rate, duration = DURATION) {
  await settle();
  const before = cpuSnapshot();
  const caller = fork(new URL('./vendor-wallet-caller.mjs', import.meta.url), [], {
    execArgv: [],
  });
  const outcome = await new Promise((resolve, reject) => {
    caller.once('message', resolve);
    caller.once('error', reject);
    caller.once('exit', (code) => reject(new Error(`the vendor process exited with ${code}`)));
    caller.send({
      address,
      merchantCode: merchant.code,
      vendorCode: game.code,
      gameCode: game.game_code,
      currency: CURRENCY,
      secret: SECRET,
      players,
      callers: CALLERS,
      duration,
      rate,
    });
  });
  const after = cpuSnapshot();
  const calls = outcome.latencies.bet.length + outcome.latencies.win.length;
  const { own, postgres, idle } = cpuSpent(before, after, calls);
  return {
    ...report(outcome.latencies, outcome.seconds),
    cpu: { server: own, postgres, vendor: outcome.cpuMs / calls, idle },
    ...(outcome.service && { service: summary(outcome.service, outcome.seconds) }),
    missed: outcome.missed ?? 0,
    unexpected: outcome.unexpected,
  };
}

const version = await serverVersion();
console.log(
  `# bench/vendor-wallet: ${CALLERS} HTTP callers, server pool ${POOL}, ${DURATION} s, ${MEMBERS} members`,
);
console.log(
  `# ${cpus().length} CPUs (${cpus()[0]?.model}), PostgreSQL ${version}, node ${process.version}`,
);

const pgbench = await runPgbench({
  db: PGBENCH_DB,
  scale: SCALE,
  clients: PGBENCH_CLIENTS,
  seconds: DURATION,
  keep: KEEP,
});
console.log(`pgbench tpcb-like: ${pgbench.perSecond.toFixed(0)} tps`);
const prepared = await prepare();
if (WARMUP > 0) {
  // History before the measured phases, as pgbench -i gives pgbench (and a warm JIT); then what
  // autovacuum would do (the CI cluster runs with autovacuum = off): without a fresh ANALYZE,
  // the server's connections keep foreign key check plans made on empty tables (a sequential
  // scan of game_rounds per new transaction row, longer with every round).
  const warm = await callFromVendor(prepared, 0, WARMUP);
  prepared.warmup = warm;
  const vacuum = new pg.Client({ connectionString: prepared.url });
  await vacuum.connect();
  await vacuum.query('vacuum analyze');
  await vacuum.end();
}
const PACED_RATE = Number(process.env.PACED_RATE ?? pgbench.perSecond);
let result;
let batching;
let paced = null;
const measure = async (run) => {
  const before = prepared.app.vendorCalls.batcher.stats();
  const outcome = await run();
  const after = prepared.app.vendorCalls.batcher.stats();
  return [
    outcome,
    Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]])),
  ];
};
try {
  [result, batching] = await measure(() => callFromVendor(prepared, 0));
  if (PACED_RATE > 0) paced = await measure(() => callFromVendor(prepared, PACED_RATE));
} finally {
  await prepared.app.close();
}
const { ok, output } = reconcile(prepared.url);
if (!KEEP) await admin(`drop database if exists ${WALLET_DB} with (force)`);

console.log('');
console.log('| case | calls/s | vs pgbench tps | p50 | p99 |');
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(
  `| pgbench tpcb-like, -c ${PGBENCH_CLIENTS}, scale ${SCALE} | ${pgbench.perSecond.toFixed(0)} tps | 1.00x | ${fmt(pgbench.p50)} | ${fmt(pgbench.p99)} |`,
);
for (const [name, run] of [
  ['vendor wallet, bet + win over HTTP', result.all],
  ['  of which bet', result.bet],
  ['  of which win', result.win],
]) {
  console.log(
    `| ${name} | ${run.perSecond.toFixed(0)} | ${(run.perSecond / pgbench.perSecond).toFixed(2)}x | ${fmt(run.p50)} | ${fmt(run.p99)} |`,
  );
}
const batches = (name, counts) =>
  console.log(
    `${name} batches: ${counts.batches} (${(counts.calls / Math.max(1, counts.batches)).toFixed(1)} calls each), ` +
      `${counts.retries} run again, ${counts.fallbacks} fell back to one call at a time`,
  );
console.log('');
batches('closed-loop', batching);
const ms = (value) => `${value.toFixed(3)} ms`;
const percent = (value) => `${(value * 100).toFixed(0)} %`;
console.log(
  `CPU per call, closed loop: server ${ms(result.cpu.server)}, PostgreSQL ${ms(result.cpu.postgres)}, ` +
    `vendor ${ms(result.cpu.vendor)}; machine idle ${percent(result.cpu.idle)}. ` +
    `pgbench per transaction: PostgreSQL ${ms(pgbench.cpu.postgres)}, client ${ms(pgbench.cpu.client)}; ` +
    `machine idle ${percent(pgbench.cpu.idle)}`,
);
if (paced) {
  const [run, counts] = paced;
  console.log('');
  console.log(
    `paced (open loop, ${CALLERS} connections at ${PACED_RATE.toFixed(0)} calls/s in all; latency from each call's scheduled send time):`,
  );
  console.log('');
  console.log('| case | achieved calls/s | vs pgbench tps | p50 | p99 |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, row] of [
    [`vendor wallet, paced at ${PACED_RATE.toFixed(0)}/s`, run.all],
    ['  of which bet', run.bet],
    ['  of which win', run.win],
    ['  service time (from actual send)', run.service],
  ]) {
    console.log(
      `| ${name} | ${row.perSecond.toFixed(0)} | ${(row.perSecond / pgbench.perSecond).toFixed(2)}x | ${fmt(row.p50)} | ${fmt(row.p99)} |`,
    );
  }
  console.log('');
  batches('paced', counts);
  if (run.missed > 0) console.log(`paced: ${run.missed} scheduled calls not sent (too far behind)`);
  result.unexpected.push(...run.unexpected);
}
if (prepared.warmup) {
  const warm = prepared.warmup;
  console.log(
    `warm-up before the phases: ${WARMUP} s closed loop, ${warm.all.perSecond.toFixed(0)} calls/s, then vacuum analyze`,
  );
  result.unexpected.push(...warm.unexpected);
}
console.log(`reconcile (npm run ledger:reconcile on ${WALLET_DB}): ${output.replace(/\n/g, '; ')}`);
for (const line of result.unexpected.slice(0, 5)) console.error(line);
if (result.unexpected.length > 0) console.error(`${result.unexpected.length} unexpected answers`);
process.exitCode = result.unexpected.length > 0 || !ok ? 1 : 0;
