// Helpers shared by the database benchmarks (bench/ledger.mjs, bench/vendor-wallet.mjs): a
// PostgreSQL server the bench may create and drop databases on, latency summaries, pgbench's
// TPC-B-like run of the same cluster, and the operator's ledger reconciliation.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const urlOf = (name) => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function admin(statement) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

export const recreate = async (name) => {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
};

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function summary(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/**
 * Before every measured run: a checkpoint, so that no run pays for the dirty pages and full-page
 * writes the previous step left (pgbench -i writes about 750 MB at scale 50).
 */
export const settle = () => admin('checkpoint');

function pgbenchArgs(db) {
  const url = new URL(urlOf(db));
  const args = ['-h', url.hostname, '-p', url.port || '5432'];
  if (url.username) args.push('-U', decodeURIComponent(url.username));
  return { args, env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } };
}

/** pgbench's built-in TPC-B-like script: tps and per-transaction p50/p99 (ms). */
export async function runPgbench({ db, scale, clients, seconds, keep = false }) {
  await recreate(db);
  const { args, env } = pgbenchArgs(db);
  const init = spawnSync('pgbench', [...args, '-i', '-q', '-s', String(scale), db], { env });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  await settle();
  try {
    const jobs = Math.min(cpus().length, clients);
    const before = cpuSnapshot();
    const run = spawnSync(
      'pgbench',
      [...args, '-c', String(clients), '-j', String(jobs), '-T', String(seconds), '-l', db],
      { env, cwd: dir, encoding: 'utf8' },
    );
    const after = cpuSnapshot();
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1]);
    // Per-transaction log lines: client, transaction, latency in microseconds, ...
    const latencies = [];
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    const { p50, p99 } = summary(latencies, seconds);
    const { postgres, children, idle } = cpuSpent(before, after, latencies.length);
    return { perSecond: tps, p50, p99, refused: 0, cpu: { postgres, client: children, idle } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!keep) await admin(`drop database if exists ${db} with (force)`);
  }
}

/**
 * The operator's command (npm run ledger:reconcile) on the database at `url`, in test mode like
 * the benches' servers (an unset NODE_ENV is production, which wants its secrets key).
 */
export function reconcile(url) {
  const run = spawnSync('npm', ['run', '-s', 'ledger:reconcile'], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

export const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '-');

export async function serverVersion() {
  return (await admin('show server_version')).rows[0].server_version;
}

/**
 * CPU time so far (ms): of this process, of its ended children (pgbench), of every PostgreSQL
 * process of this machine (from /proc; 0 elsewhere, or when the database runs on another
 * machine), and of the machine's cores in all and idle (/proc/stat). Differences of two
 * snapshots tell where a phase's CPU went.
 */
export function cpuSnapshot() {
  const own = process.cpuUsage();
  const tick = 10; // ms per clock tick (USER_HZ is 100 on Linux)
  let postgres = 0;
  let children = 0;
  let machine = { total: 0, idle: 0 };
  try {
    const self = readFileSync('/proc/self/stat', 'utf8');
    const selfFields = self.slice(self.lastIndexOf(')') + 2).split(' ');
    children = (Number(selfFields[13]) + Number(selfFields[14])) * tick; // cutime, cstime
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime, and cutime and cstime: the backends that ended (pgbench's, when its
      // run is over) count in the postmaster's children.
      postgres += fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0) * tick;
    }
    const cores = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
    const values = cores.map(Number);
    machine = {
      total: values.slice(0, 8).reduce((sum, value) => sum + value, 0) * tick,
      idle: (values[3] + values[4]) * tick,
    };
  } catch {
    // Not Linux: only this process's own figure.
  }
  return { own: (own.user + own.system) / 1000, children, postgres, machine };
}

/**
 * Between two `cpuSnapshot`s: the CPU (ms) per operation of this process (`own`), its ended
 * children and PostgreSQL, and the share of the machine's cores left idle.
 */
export function cpuSpent(before, after, operations) {
  const per = (key) => (after[key] - before[key]) / operations;
  const machine = after.machine.total - before.machine.total;
  return {
    own: per('own'),
    children: per('children'),
    postgres: per('postgres'),
    idle: machine > 0 ? (after.machine.idle - before.machine.idle) / machine : NaN,
  };
}

/**
 * `count` members of the default merchant of a seeded bench database, named `prefix` and a
 * number: answers the merchant's id and the members' ids.
 */
export async function insertBenchMembers(client, count, prefix) {
  const merchantId = (await client.query('select id from merchants where is_default')).rows[0].id;
  const { rows } = await client.query(
    `insert into members (merchant_id, username, password_hash)
     select $1, $3 || g, 'not-a-hash' from generate_series(1, $2::int) g returning id`,
    [merchantId, count, prefix],
  );
  return { merchantId, memberIds: rows.map((row) => row.id) };
}
