import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { CLOSED_VALID_BET, COUNTS_CLOSED } from '../agent/index.js';
import { timeZoneSql } from '../merchant/index.js';

/**
 * The rollup of game rounds behind the agent reports (decision 015): `agent_report_days` holds,
 * per member, report day and currency, the figures of the member's rounds created that day and
 * the valid bets of its rounds closed that day (span D), and their sums per ISO week (span W) and
 * calendar month (span M); `agent_report_closes` which close days the closed rounds of each
 * created day reached. It is kept current from
 * the vendor transactions: every change of a `game_rounds` row is written in the same transaction
 * as a new `game_transactions` row naming the round, so the member-days touched after a
 * transaction id are found through the primary key of `game_transactions` alone, with no index or
 * trigger on the vendor wallet's path.
 */

/** The time zone of a round's merchant (decision 024), for statements over every merchant. */
export const zoneOf = (round: SQL) => timeZoneSql(sql`${round}.merchant_id`);

/**
 * The report day of a round (the records' day in its merchant's time zone, by `created_at`);
 * `zone` is an SQL expression of the zone, the round's merchant's when not given.
 */
export const roundDay = (round: SQL, zone: SQL = zoneOf(round)) =>
  reportDay(sql`${round}.created_at`, zone);

/** The report day a closed round closed: the day of its last change (`updated_at`, decision 014). */
export const closeDay = (round: SQL, zone: SQL = zoneOf(round)) =>
  reportDay(sql`${round}.updated_at`, zone);

function reportDay(instant: SQL, zone: SQL): SQL {
  return sql`(${instant} at time zone ${zone})::date`;
}

/** The instant a report day starts in the time zone `zone` (an SQL expression). */
export const dayStart = (day: SQL, zone: SQL) => sql`((${day})::timestamp at time zone ${zone})`;

/** The Monday of the ISO week of a day. */
export const weekOf = (day: SQL) => sql`((${day}) - (extract(isodow from (${day}))::int - 1))`;

/** The spans summed from the day rows: ISO weeks and calendar months, by their first day. */
const SUMMED = [
  { span: 'W', first: weekOf, next: (first: SQL) => sql`(${first}) + 7` },
  {
    span: 'M',
    first: (day: SQL) => sql`date_trunc('month', ${day})::date`,
    next: (first: SQL) => sql`((${first}) + interval '1 month')::date`,
  },
] as const;

/** A round's stake counts as valid once settled: paid (a zero win too) or closed, not cancelled. */
export const SETTLED = sql`(r.bet_count = 0 or r.rollback_count < r.bet_count) and (r.closed or r.win_count > 0)`;

/**
 * The figures of rounds `r`, as the rollup and the reports sum them: in minor units, with
 * `sum_bigint` (migration 0028), an exact bigint sum that raises on overflow as + does, where
 * sum(bigint) would answer numeric.
 */
export const ROUND_FIGURES = sql`count(*)::int as bet_count,
  sum_bigint(r.bet_total - r.refund_total) as bets,
  sum_bigint(case when ${SETTLED} then r.bet_total - r.refund_total else 0 end) as valid_bets,
  sum_bigint(r.win_total) as payout`;

/** The closed rounds `r` (already filtered) as the active-member rule counts them. */
export const CLOSED_FIGURES = sql`count(*)::int as closed_count,
  sum_bigint(${CLOSED_VALID_BET(sql`r`)}) as valid_bets`;

/** Every column of a rollup row, in the order the inserts below write them. */
const COLUMNS = sql`merchant_id, member_id, span, day, currency, bet_count, bets, valid_bets,
  payout, closed_count, closed_valid_bets`;

/** The sums of rollup rows `d`, in the order of COLUMNS after `span, day, currency`. */
const SUMS = sql`sum(d.bet_count), sum_bigint(d.bets), sum_bigint(d.valid_bets),
  sum_bigint(d.payout), sum(d.closed_count), sum_bigint(d.closed_valid_bets)`;

/** The transaction id the rollup has read up to, or null before the first build. */
export async function rolledUpTo(db: Db): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`select transaction_id::text as id from agent_report_rollup_state where id = 1`,
  );
  return row && Number(row.id) >= 0 ? Number(row.id) : null;
}

/**
 * The watermark's row, locked for this pass (created, marked not built (-1), by the first pass):
 * a second process's pass waits here, even for the first build, and then reads its result.
 */
export async function lockWatermark(tx: Db): Promise<number | null> {
  await tx.execute(
    sql`insert into agent_report_rollup_state (id, transaction_id, built_at, updated_at)
        values (1, -1, now(), now())
        on conflict (id) do nothing`,
  );
  const [row] = await queryRows(
    tx,
    sql`select transaction_id::text as id from agent_report_rollup_state where id = 1 for update`,
  );
  return Number(row!.id) >= 0 ? Number(row!.id) : null;
}

/**
 * The highest vendor transaction id such that every transaction up to it has ended (committed or
 * rolled back), so that statements run after this returns see all of them. Ids are taken from a
 * sequence inside the inserting transaction, which holds ROW EXCLUSIVE on `game_transactions`
 * until it ends: a lower id not yet visible belongs to a transaction still holding that lock, so
 * this waits for the holders seen just after reading the highest visible id (as CREATE INDEX
 * CONCURRENTLY waits for older writers). Transactions started later take higher ids.
 */
export async function settledTransactionId(
  tx: Db,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<number> {
  const [top] = await queryRows(
    tx,
    sql`select coalesce(max(id), 0)::text as id from game_transactions`,
  );
  const holders = sql`select distinct l.virtualtransaction from pg_locks l
     where l.locktype = 'relation' and l.relation = 'game_transactions'::regclass
       and l.mode = 'RowExclusiveLock' and l.granted and l.pid is distinct from pg_backend_pid()`;
  const open = (await queryRows(tx, holders)).map((row) => String(row.virtualtransaction));
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (open.length > 0) {
    const [still] = await queryRows(
      tx,
      sql`select count(*)::int as n from (${holders}) h
           where h.virtualtransaction in (${sql.join(
             open.map((v) => sql`${v}`),
             sql`, `,
           )})`,
    );
    if (Number(still?.n ?? 0) === 0) break;
    if (Date.now() > deadline) {
      throw new Error(
        'agent report rollup: vendor transactions older than the watermark are still open',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 20));
  }
  return Number(top?.id ?? 0);
}

/**
 * The day rows (span D) of `keys` (rows `member_id, currency, day`; every member-day when null):
 * the figures of the rounds created that day (through game_rounds (member_id, created_at)) and
 * the closed figures of the pairs that closed that day (agent_report_closes (member_id,
 * closed_day)). The rows of `keys` must not exist yet. Rows written.
 */
async function insertDays(tx: Db, keys: SQL | null): Promise<number> {
  const created = keys
    ? sql`${keys} k join game_rounds r on r.member_id = k.member_id and r.currency = k.currency
            and r.created_at >= ${dayStart(sql`k.day`, sql`k.time_zone`)}
            and r.created_at < ${dayStart(sql`k.day + 1`, sql`k.time_zone`)}`
    : sql`game_rounds r`;
  const closed = keys
    ? sql`${keys} k join agent_report_closes c on c.member_id = k.member_id
            and c.closed_day = k.day and c.currency = k.currency`
    : sql`agent_report_closes c`;
  const rows = await queryRows(
    tx,
    sql`insert into agent_report_days (${COLUMNS})
        select d.merchant_id, d.member_id, 'D', d.day, d.currency, ${SUMS}
          from (select r.merchant_id, r.member_id, ${roundDay(sql`r`)} as day, r.currency,
                       ${ROUND_FIGURES}, 0 as closed_count, 0::bigint as closed_valid_bets
                  from ${created}
                 group by r.merchant_id, r.member_id, ${roundDay(sql`r`)}, r.currency
                union all
                select c.merchant_id, c.member_id, c.closed_day, c.currency, 0, 0, 0, 0,
                       c.closed_count, c.valid_bets
                  from ${closed}) d
         group by d.merchant_id, d.member_id, d.day, d.currency
         order by d.member_id, d.day
        returning 1`,
  );
  return rows.length;
}

/**
 * The first build: every member-day, member-week and member-month from `game_rounds`, with the
 * closed rounds' pairs (created day, close day). Rows written.
 */
export async function buildAll(tx: Db): Promise<number> {
  await tx.execute(sql`delete from agent_report_days`);
  await tx.execute(sql`delete from agent_report_closes`);
  const pairs = await queryRows(
    tx,
    sql`insert into agent_report_closes (merchant_id, member_id, currency, day, closed_day,
          closed_count, valid_bets)
        select r.merchant_id, r.member_id, r.currency, ${roundDay(sql`r`)}, ${closeDay(sql`r`)},
               ${CLOSED_FIGURES}
          from game_rounds r
         where ${COUNTS_CLOSED(sql`r`)}
         group by r.merchant_id, r.member_id, r.currency, ${roundDay(sql`r`)}, ${closeDay(sql`r`)}
        returning 1`,
  );
  const days = await insertDays(tx, null);
  // Every day row counts in its week and in its month: one pass over the day rows.
  const spans = sql.join(
    SUMMED.map(({ span, first }) => sql`(${span}::char(1), ${first(sql`d.day`)})`),
    sql`, `,
  );
  const summed = await queryRows(
    tx,
    sql`insert into agent_report_days (${COLUMNS})
        select d.merchant_id, d.member_id, s.span, s.first, d.currency, ${SUMS}
          from agent_report_days d cross join lateral (values ${spans}) as s(span, first)
         where d.span = 'D'
         group by d.merchant_id, d.member_id, s.span, s.first, d.currency
         order by d.member_id, s.span, s.first
        returning 1`,
  );
  return pairs.length + days + summed.length;
}

/**
 * The member-days touched by vendor transactions after `after`, rolled up again from
 * `game_rounds`: the pairs of each touched created day are recomputed (a round's close day may
 * have moved, a rollback may have changed its valid bets), then the day rows of the touched days
 * and of every close day their pairs left or reached, then the weeks and months of those days.
 * The changed keys live in temporary tables of this transaction. Rows written.
 */
export async function rerollTouched(tx: Db, after: number): Promise<number> {
  for (const table of ['rollup_touched', 'rollup_changed']) {
    await tx.execute(
      sql`create temporary table ${sql.identifier(table)} (member_id integer, currency char(3),
            day date, time_zone text, primary key (member_id, day, currency)) on commit drop`,
    );
  }
  await tx.execute(
    sql`create temporary table rollup_spans (member_id integer, currency char(3), span char(1),
          first date, next date, primary key (member_id, span, first, currency)) on commit drop`,
  );
  await tx.execute(
    sql`insert into rollup_touched
        select distinct r.member_id, r.currency, ${roundDay(sql`r`)}, ${zoneOf(sql`r`)}
          from game_transactions t join game_rounds r on r.id = t.round_pk
         where t.id > ${after}`,
  );
  await tx.execute(sql`analyze rollup_touched`);
  // The day rows to write again: the touched days and the close days of their pairs, before
  // (here) and after (below) the pairs are recomputed.
  await tx.execute(
    sql`insert into rollup_changed
        select member_id, currency, day, time_zone from rollup_touched
        union
        select c.member_id, c.currency, c.closed_day, k.time_zone
          from rollup_touched k
          join agent_report_closes c on c.member_id = k.member_id and c.day = k.day
                                    and c.currency = k.currency`,
  );
  await tx.execute(
    sql`delete from agent_report_closes c using rollup_touched k
         where c.member_id = k.member_id and c.day = k.day and c.currency = k.currency`,
  );
  const [pairs] = await queryRows(
    tx,
    sql`with pairs as (
          insert into agent_report_closes (merchant_id, member_id, currency, day, closed_day,
            closed_count, valid_bets)
          select r.merchant_id, k.member_id, k.currency, k.day,
                 ${closeDay(sql`r`, sql`k.time_zone`)}, ${CLOSED_FIGURES}
            from rollup_touched k
            join game_rounds r on r.member_id = k.member_id and r.currency = k.currency
                              and r.created_at >= ${dayStart(sql`k.day`, sql`k.time_zone`)}
                              and r.created_at < ${dayStart(sql`k.day + 1`, sql`k.time_zone`)}
           where ${COUNTS_CLOSED(sql`r`)}
           group by r.merchant_id, k.member_id, k.currency, k.day, k.time_zone,
                    ${closeDay(sql`r`, sql`k.time_zone`)}
          returning member_id, currency, closed_day),
        reached as (
          insert into rollup_changed
          select distinct p.member_id, p.currency, p.closed_day, k.time_zone
            from pairs p
            join (select distinct member_id, time_zone from rollup_touched) k
              on k.member_id = p.member_id
          on conflict do nothing)
        select count(*)::int as n from pairs`,
  );
  await tx.execute(sql`analyze rollup_changed`);
  // The weeks and months of the changed days.
  await tx.execute(
    sql`insert into rollup_spans
        ${sql.join(
          SUMMED.map(
            ({ span, first, next }) =>
              sql`select member_id, currency, ${span}::char(1), ${first(sql`day`)},
                     ${next(first(sql`day`))}
                from rollup_changed`,
          ),
          sql` union `,
        )}`,
  );
  await tx.execute(sql`analyze rollup_spans`);
  await tx.execute(
    sql`delete from agent_report_days d using rollup_changed k
         where d.member_id = k.member_id and d.span = 'D' and d.day = k.day
           and d.currency = k.currency`,
  );
  const days = await insertDays(tx, sql`rollup_changed`);
  await tx.execute(
    sql`delete from agent_report_days d using rollup_spans s
         where d.member_id = s.member_id and d.span = s.span and d.day = s.first
           and d.currency = s.currency`,
  );
  const summed = await queryRows(
    tx,
    sql`insert into agent_report_days (${COLUMNS})
        select d.merchant_id, d.member_id, s.span, s.first, d.currency, ${SUMS}
          from rollup_spans s
          join agent_report_days d on d.member_id = s.member_id and d.span = 'D'
                                  and d.day >= s.first and d.day < s.next
                                  and d.currency = s.currency
         group by d.merchant_id, d.member_id, s.span, s.first, d.currency
        returning 1`,
  );
  await tx.execute(sql`drop table rollup_touched, rollup_changed, rollup_spans`);
  return Number(pairs?.n ?? 0) + days + summed.length;
}

export async function saveWatermark(tx: Db, transactionId: number, built: boolean): Promise<void> {
  await tx.execute(
    sql`update agent_report_rollup_state
           set transaction_id = ${transactionId}, updated_at = now()
               ${built ? sql`, built_at = now()` : sql``}
         where id = 1`,
  );
}
