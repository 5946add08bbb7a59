import type { Db } from '../../db/client.js';
import { inTransaction } from '../../lib/transaction.js';
import * as repo from './jobs.repository.js';

/**
 * Scheduled work (ARCHITECTURE.md "Real-time and jobs", decision 012): each job's periods run
 * exactly once across any number of server processes, missed periods are caught up after
 * downtime (up to a bound), and a period's claim and the job's writes commit together.
 */

/** One period of a job: its unique key and the instants it covers, [start, end). */
export type Period = { key: string; start: Date; end: Date };

export type JobDefinition = {
  /** Unique name; part of the (job, period) key. */
  name: string;
  /** The period that contains `at`. */
  periodOf(at: Date): Period;
  /**
   * The work of one finished period, in the transaction that claims it: its writes commit with
   * the claim, or neither does (and another tick or process runs it again).
   */
  run(tx: Db, period: Period): Promise<unknown>;
  /**
   * Work outside the database once this process's run of the period has committed (a live push):
   * it runs once, after the commit, and its failure is reported but never undoes the period.
   */
  afterCommit?(db: Db, result: unknown, period: Period): Promise<void>;
};

/** Fixed periods of `ms` milliseconds from the epoch (a minute, 5 minutes, an hour...). */
export function everyMs(ms: number): (at: Date) => Period {
  return (at) => {
    const start = Math.floor(at.getTime() / ms) * ms;
    return {
      key: new Date(start).toISOString(),
      start: new Date(start),
      end: new Date(start + ms),
    };
  };
}

export type JobRunnerOptions = {
  db: Db;
  jobs: JobDefinition[];
  /** The clock (injectable for tests). */
  now?: () => Date;
  /** How many missed periods a tick catches up at most, newest kept (default 120). */
  maxCatchUp?: number;
  /** How often the loop ticks once started (default 5 s). */
  intervalMs?: number;
  /** Told when a period's run fails (it is retried on a later tick). */
  onError?: (job: string, period: Period, error: unknown) => void;
};

export type TickReport = { job: string; period: string; result: unknown }[];

export type JobRunner = {
  /** Runs every due, unclaimed period of every job once; what this runner ran. */
  tick(): Promise<TickReport>;
  start(): void;
  stop(): Promise<void>;
};

/** The finished periods due at `now`, oldest first, at most `max` (the newest ones). */
function duePeriods(job: JobDefinition, now: Date, since: Date | null, max: number): Period[] {
  const periods: Period[] = [];
  let period = job.periodOf(new Date(job.periodOf(now).start.getTime() - 1));
  while (periods.length < max) {
    if (since && period.start.getTime() <= since.getTime()) break;
    periods.push(period);
    if (!since) break; // a job that never ran starts with the latest finished period
    period = job.periodOf(new Date(period.start.getTime() - 1));
  }
  return periods.reverse();
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, jobs } = options;
  const now = options.now ?? (() => new Date());
  const maxCatchUp = options.maxCatchUp ?? 120;
  const intervalMs = options.intervalMs ?? 5000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function runPeriod(job: JobDefinition, period: Period) {
    return inTransaction(db, async (tx) => {
      const id = await repo.claim(tx, job.name, period);
      if (id === null) return { ran: false as const };
      const result = (await job.run(tx, period)) ?? null;
      await repo.finish(tx, id, result);
      return { ran: true as const, result };
    });
  }

  async function tick(): Promise<TickReport> {
    const report: TickReport = [];
    const at = now();
    for (const job of jobs) {
      // Periods after the latest recorded one; a gap earlier than it is not revisited.
      const since = await repo.latestStart(db, job.name);
      const due = duePeriods(job, at, since, maxCatchUp);
      const done = await repo.donePeriods(
        db,
        job.name,
        due.map((p) => p.key),
      );
      for (const period of due) {
        if (done.has(period.key)) continue;
        try {
          const outcome = await runPeriod(job, period);
          if (!outcome.ran) continue;
          report.push({ job: job.name, period: period.key, result: outcome.result });
          await job
            .afterCommit?.(db, outcome.result, period)
            .catch((error: unknown) => options.onError?.(job.name, period, error));
        } catch (error) {
          options.onError?.(job.name, period, error);
          break; // keep the order: later periods wait for this one
        }
      }
    }
    return report;
  }

  return {
    tick,
    start() {
      if (timer) return;
      const loop = () => {
        running = tick().catch(() => undefined);
      };
      loop();
      timer = setInterval(loop, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled-jobs runner of this process (started with the server outside tests). */
    jobs: JobRunner;
  }
}

/**
 * Claims one period of a job by hand, for work that keeps its own schedule (the agents'
 * settlement, one claim per merchant and target): the period's row id, or null when another
 * transaction claimed it. Call it in the transaction that does the period's work.
 */
export function claimPeriod(
  tx: Db,
  job: string,
  period: { key: string; start: Date },
): Promise<number | null> {
  return repo.claim(tx, job, period);
}

/** Marks a period claimed by `claimPeriod` done, with its result, in the same transaction. */
export function finishPeriod(tx: Db, id: number, result: unknown): Promise<void> {
  return repo.finish(tx, id, result);
}

/** The start of the latest period of the job claimed so far, or null when it never ran. */
export function latestPeriodStart(db: Db, job: string): Promise<Date | null> {
  return repo.latestStart(db, job);
}
