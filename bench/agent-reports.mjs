// bench: the agent centre's reports (team overview and user loss statement, issue 8) on
// PostgreSQL over a large agent tree: a top agent with MIDS mid agents, MEMBERS members spread
// under the mid agents (every tenth directly under the top agent), BETS game rounds over the last
// 30 days (Asia/Manila; most close within 30 minutes, one in seven one to three days later) and a
// credited deposit for every fifth member; all seeded with generate_series SQL, then VACUUM
// ANALYZE. The rollup (decision 015) is then built by its job's pass, LIVE more rounds and late
// wins closing earlier days' rounds arrive with their vendor transactions (what the reports add
// live until the next pass), and each report is timed through its service function (the routes'
// code below HTTP) for the top agent (the whole tree) and for mid agents, RUNS times each, over
// the last 30 days, and prints p50/p95; so is the operator's daily report of the merchant over
// the same days (active members per day and over the range by the same rule); then the
// incremental pass that rolls LIVE's changes up is timed.
//   npm run bench:agent-reports
// Settings (environment): BENCH_DATABASE_URL (see bench/support.mjs), MEMBERS (100000), BETS
// (1000000), MIDS (50), RUNS (200), REPORT_RUNS (the daily report's, RUNS), LIVE (2000), KEEP=1
// keeps the database, BENCH_DB (its name, bench_agent_reports). Exits 1 on an error or when a report's numbers disagree with a direct
// count (to the centavo), never on timing.
import { addDays, formatAmount, recordsToday } from '@app/shared';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/demo.ts';
import { inTransaction } from '../apps/server/src/lib/transaction.ts';
import { dailyReport } from '../apps/server/src/modules/reports/reports.admin.service.ts';
import { loadContractSettings } from '../apps/server/src/modules/agent/contract-settings.ts';
import { rollUp } from '../apps/server/src/modules/agent-reports/rollup.job.ts';
import {
  teamOverview,
  userLoss,
} from '../apps/server/src/modules/agent-reports/reports.service.ts';
import { admin, fmt, percentile, recreate, serverVersion, settle, urlOf } from './support.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const BETS = Number(process.env.BETS ?? 1_000_000);
const MIDS = Number(process.env.MIDS ?? 50);
const RUNS = Number(process.env.RUNS ?? 200);
const REPORT_RUNS = Number(process.env.REPORT_RUNS ?? RUNS);
const LIVE = Number(process.env.LIVE ?? 2000);
const KEEP = Boolean(process.env.KEEP);
const DB = process.env.BENCH_DB ?? 'bench_agent_reports';
const CURRENCY = 'PHP';
const DAYS = 30;

async function seed(client, merchantId) {
  const started = performance.now();
  const q = (text, values = []) => client.query(text, values);
  await q(
    `insert into members (merchant_id, username, password_hash, type)
     values ($1, 'artop', 'not-a-hash', 1)`,
    [merchantId],
  );
  const top = (
    await q(`select id from members where username = 'artop' and merchant_id = $1`, [merchantId])
  ).rows[0].id;
  await q(
    `insert into members (merchant_id, username, password_hash, type, upline_id)
     select $1, 'armid' || g, 'not-a-hash', 2, $2 from generate_series(1, $3::int) g`,
    [merchantId, top, MIDS],
  );
  const mids = (
    await q(
      `select id from members where username like 'armid%' and merchant_id = $1 order by id`,
      [merchantId],
    )
  ).rows.map((row) => row.id);
  // Members: every tenth directly under the top agent, the others round-robin under the mids.
  await q(
    `insert into members (merchant_id, username, password_hash, upline_id, created_at)
     select $1, 'arm' || g, 'not-a-hash',
            case when g % 10 = 0 then $2::int else ($3::int[])[1 + g % $4::int] end,
            now() - (g % ${DAYS * 2}) * interval '1 day'
       from generate_series(1, $5::int) g`,
    [merchantId, top, mids, mids.length, MEMBERS],
  );
  // The closure table, level by level (decision 011): each account at depth 0, then its
  // upline's ancestors one deeper.
  await q(
    `insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
     select merchant_id, id, id, 0 from members
      where merchant_id = $1 and username ~ '^ar(top|mid[0-9]+|m[0-9]+)$'`,
    [merchantId],
  );
  for (const level of ['^armid[0-9]+$', '^arm[0-9]+$']) {
    await q(
      `insert into member_tree (merchant_id, ancestor_id, descendant_id, depth)
       select m.merchant_id, t.ancestor_id, m.id, t.depth + 1
         from members m join member_tree t on t.descendant_id = m.upline_id
        where m.merchant_id = $1 and m.username ~ $2`,
      [merchantId, level],
    );
  }
  const range = (
    await q(
      `select min(id) as lo, max(id) as hi from members
        where merchant_id = $1 and username ~ '^arm[0-9]+$'`,
      [merchantId],
    )
  ).rows[0];
  // Rounds: random members, stakes 1.00 to 100.00, over the last DAYS days; one in twenty
  // still open, one in fifty cancelled; closed (last changed) within 30 minutes, one in seven
  // one to three days later (never after now).
  await q(
    `insert into game_rounds (merchant_id, member_id, vendor_code, round_id, game_code,
       game_category, currency, bet_total, win_total, refund_total, bet_count, win_count,
       rollback_count, closed, created_at, updated_at)
     select $1, $2::int + (hashint4(g) & 2147483647) % ($3::int - $2::int + 1), 'PG', 'ar' || g, 'g1',
            (array['SLOTS', 'LIVE', 'FISH', 'SPORTS'])[1 + g % 4], $4,
            100 + g % 9900,
            case when g % 3 = 0 then (100 + g % 9900) * 2 else 0 end,
            case when g % 50 = 0 then 100 + g % 9900 else 0 end,
            1, case when g % 3 = 0 then 1 else 0 end, case when g % 50 = 0 then 1 else 0 end,
            g % 20 <> 0,
            now() - ((g % (${DAYS} * 1440)) * interval '1 minute'),
            least(now(), now() - ((g % (${DAYS} * 1440)) * interval '1 minute')
                         + case when g % 7 = 0 then (1 + g % 3) * interval '1 day'
                                else (g % 31) * interval '1 minute' end)
       from generate_series(1, $5::int) g`,
    [merchantId, range.lo, range.hi, CURRENCY, BETS],
  );
  await q(
    `insert into deposits (merchant_id, member_id, channel_id, kind, currency, amount, status,
       client_request_id, request_hash, created_at, updated_at)
     select $1, m.id, (select id from deposit_channels where merchant_id = $1 order by id limit 1),
            'manual', $2, 10000 + m.id % 100000, 'credited', 'ar' || m.id, repeat('0', 64),
            now() - (m.id % ${DAYS}) * interval '1 day', now()
       from members m
      where m.merchant_id = $1 and m.username ~ '^arm[0-9]+$'
        and m.id % 5 = 0`,
    [merchantId, CURRENCY],
  );
  await q('vacuum analyze');
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { top, mids };
}

/**
 * What arrives after the rollup's pass, each change with its vendor transaction as the wallet
 * writes it: LIVE new rounds today, and LIVE / 2 wins on open rounds of earlier days.
 */
async function livePlay(client, merchantId) {
  const credential = (
    await client.query(
      `insert into vendor_credentials (merchant_id, vendor_code, secret, currency, base_url)
       values ($1, 'PG', 'bench-only', $2, 'http://127.0.0.1:9')
       on conflict (merchant_id, vendor_code) do update set vendor_code = excluded.vendor_code
       returning id`,
      [merchantId, CURRENCY],
    )
  ).rows[0].id;
  await client.query('begin');
  await client.query(
    `with opened as (
       insert into game_rounds (merchant_id, member_id, vendor_code, round_id, game_code,
         game_category, currency, bet_total, bet_count)
       select $1, m.id, 'PG', 'live' || g, 'g1', 'SLOTS', $2, 100 + g % 5000, 1
         from generate_series(1, $3::int) g
         join lateral (select id from members where merchant_id = $1 and username = 'arm' || (1 + (hashint4(g) & 2147483647) % $4::int)) m on true
       returning id, member_id, bet_total)
     insert into game_transactions (merchant_id, credential_id, member_id, kind, transaction_uuid,
       round_pk, amount)
     select $1, $5, member_id, 'bet', 'live-bet-' || id, id, bet_total from opened`,
    [merchantId, CURRENCY, LIVE, MEMBERS, credential],
  );
  await client.query(
    `with late as (
       update game_rounds r set win_total = r.win_total + 777, win_count = r.win_count + 1,
              closed = true, updated_at = now()
        where r.id in (select id from game_rounds
                        where merchant_id = $1 and not closed
                          and created_at < now() - interval '1 day'
                        order by id limit $2)
       returning r.id, r.member_id)
     insert into game_transactions (merchant_id, credential_id, member_id, kind, transaction_uuid,
       round_pk, amount)
     select $1, $3, member_id, 'win', 'late-win-' || id, id, 777 from late`,
    [merchantId, Math.floor(LIVE / 2), credential],
  );
  await client.query('commit');
}

/**
 * The figures of a report, counted directly from the rounds of the agent's team: `played`
 * members with a round (the user loss lists them), `active` members by the one rule (decision
 * 014: valid bets of rounds closed in the range reach the merchant's `activeMinValidBet`, and
 * one deposit reaches `activeMinDeposit` when it is set).
 */
async function directCount(client, agentId, from, rule) {
  const since = new Date(`${from}T00:00:00+08:00`).toISOString();
  const [figures, active] = await Promise.all([
    client.query(
      `select count(distinct r.member_id)::int as played, count(*)::int as n,
              coalesce(sum(bet_total - refund_total), 0)::text as bets,
              coalesce(sum(case when (r.bet_count = 0 or r.rollback_count < r.bet_count)
                                 and (r.closed or r.win_count > 0)
                            then bet_total - refund_total else 0 end), 0)::text as valid,
              coalesce(sum(win_total), 0)::text as payout
         from game_rounds r join member_tree t on t.descendant_id = r.member_id
        where t.ancestor_id = $1 and t.depth >= 1 and r.created_at >= $2::timestamptz`,
      [agentId, since],
    ),
    client.query(
      `select count(*)::int as active from (
         select r.member_id from game_rounds r join member_tree t on t.descendant_id = r.member_id
          where t.ancestor_id = $1 and t.depth >= 1 and r.closed and r.updated_at >= $2::timestamptz
          group by r.member_id
         having sum(r.bet_total - r.refund_total) >= $3::bigint
            and ($4::bigint is null or (
              select max(d.amount) from deposits d
               where d.member_id = r.member_id and d.status in ('approved', 'credited')
                 and coalesce(d.decided_at, d.updated_at) >= $2::timestamptz) >= $4::bigint)) x`,
      [
        agentId,
        since,
        rule.activeMinValidBet.toString(),
        rule.activeMinDeposit?.toString() ?? null,
      ],
    ),
  ]);
  return { ...figures.rows[0], active: active.rows[0].active };
}

/**
 * The merchant's active members by the one rule counted directly from its rounds and deposits:
 * per Asia/Manila day (each day its own period) and over the range from `from`, as
 * `day:count` lines.
 */
async function directMerchantActive(client, merchantId, from, rule) {
  const since = new Date(`${from}T00:00:00+08:00`).toISOString();
  const day = `to_char((r.updated_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
  const count = async (byDay) =>
    (
      await client.query(
        `select ${byDay ? 'day' : `'range'`} as day, count(*)::int as n from (
           select ${byDay ? `${day} as day,` : ''} r.member_id from game_rounds r
            where r.merchant_id = $1 and r.closed and r.updated_at >= $2::timestamptz
            group by ${byDay ? `${day},` : ''} r.member_id
           having sum(r.bet_total - r.refund_total) >= $3::bigint) x
          group by 1 order by 1`,
        [merchantId, since, rule.activeMinValidBet.toString()],
      )
    ).rows.map((row) => `${row.day}:${row.n}`);
  return [...(await count(true)), ...(await count(false))];
}

async function time(label, fn, runs = RUNS) {
  const latencies = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn(i);
    latencies.push(performance.now() - started);
  }
  const sorted = Float64Array.from(latencies).sort();
  console.log(
    `${label.padEnd(36)} p50 ${fmt(percentile(sorted, 50)).padStart(10)}  p95 ${fmt(
      percentile(sorted, 95),
    ).padStart(10)}  (${runs} runs)`,
  );
}

async function main() {
  console.log(
    `agent reports: PostgreSQL ${await serverVersion()}, ${MEMBERS} members under 1 top agent and ${MIDS} mid agents, ${BETS} rounds over ${DAYS} days`,
  );
  await recreate(DB);
  const url = urlOf(DB);
  const database = openPostgres(url, 4);
  let failed = false;
  let client;
  try {
    await database.migrate();
    await seedDemo(database.db);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const merchant = (await client.query('select * from merchants where is_default')).rows[0];
    const { top, mids } = await seed(client, merchant.id);
    const caller = (agentId) => ({
      merchant: {
        id: merchant.id,
        currency: merchant.currency,
        currencySymbol: merchant.currency_symbol,
      },
      agentId,
      log: { warn: () => {} },
    });
    const to = recordsToday();
    const period = { from: addDays(to, -(DAYS - 1)), to };
    const rule = await loadContractSettings(database.db, merchant.id);

    const built = performance.now();
    const build = await inTransaction(database.db, (tx) => rollUp(tx));
    console.log(
      `rollup built in ${((performance.now() - built) / 1000).toFixed(1)} s (${build.rows} rows)`,
    );
    await livePlay(client, merchant.id);
    await client.query('vacuum analyze');

    // The numbers must be right before their speed means anything.
    for (const agentId of [top, mids[0], mids[1]]) {
      const overview = await teamOverview(database.db, caller(agentId), period);
      const loss = await userLoss(database.db, caller(agentId), { ...period, page: 1, size: 20 });
      const direct = await directCount(client, agentId, period.from, rule);
      const got = [
        overview.activeMembers,
        overview.betCount,
        overview.bets,
        overview.validBets,
        overview.payout,
        loss.total,
        loss.totals.betCount,
        loss.totals.bets,
        loss.totals.payout,
      ];
      const want = [
        direct.active,
        direct.n,
        formatAmount(BigInt(direct.bets)),
        formatAmount(BigInt(direct.valid)),
        formatAmount(BigInt(direct.payout)),
        direct.played,
        direct.n,
        formatAmount(BigInt(direct.bets)),
        formatAmount(BigInt(direct.payout)),
      ];
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        console.error(`agent ${agentId}: a report disagrees with a direct count`, { got, want });
        failed = true;
      }
      if (agentId === top) {
        console.log(
          `top agent: ${overview.members} members, ${overview.activeMembers} active, ${overview.betCount} rounds, bets ${overview.bets}, payout ${overview.payout}`,
        );
      }
    }

    // The operator's daily report counts the merchant's active members by the same rule (no
    // deposit rule is set here, so the direct count reads the rounds alone).
    if (rule.activeMinDeposit !== null) throw new Error('the bench expects no deposit rule');
    const report = await dailyReport(database.db, caller(top).merchant, period);
    const reported = [
      ...report.days.filter((d) => d.activeMembers > 0).map((d) => `${d.date}:${d.activeMembers}`),
      `range:${report.total.activeMembers}`,
    ];
    const direct = await directMerchantActive(client, merchant.id, period.from, rule);
    if (JSON.stringify(reported) !== JSON.stringify(direct)) {
      console.error('the daily report disagrees with a direct count', { reported, direct });
      failed = true;
    }
    console.log(`daily report: ${report.total.activeMembers} active members over ${DAYS} days`);

    await settle();
    await time('team overview, top agent', () => teamOverview(database.db, caller(top), period));
    await time('team overview, mid agents', (i) =>
      teamOverview(database.db, caller(mids[i % mids.length]), period),
    );
    const page = { ...period, page: 1, size: 20 };
    await time('user loss, top agent (page 1)', () => userLoss(database.db, caller(top), page));
    await time('user loss, mid agents (page 1)', (i) =>
      userLoss(database.db, caller(mids[i % mids.length]), page),
    );
    await time(
      'daily report, merchant',
      () => dailyReport(database.db, caller(top).merchant, period),
      REPORT_RUNS,
    );
    const passed = performance.now();
    const pass = await inTransaction(database.db, (tx) => rollUp(tx));
    console.log(
      `rollup pass over ${LIVE + Math.floor(LIVE / 2)} new vendor transactions: ${fmt(performance.now() - passed)} (${pass.rows} rows)`,
    );
  } catch (error) {
    console.error(error);
    failed = true;
  } finally {
    await client?.end();
    await database.close();
    if (!KEEP) await admin(`drop database if exists ${DB} with (force)`);
  }
  process.exit(failed ? 1 : 0);
}

await main();
