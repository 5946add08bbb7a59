// `npm test`: everything this machine can run. Unit and integration tests always (PGlite);
// the same integration suite on PostgreSQL with TEST_DATABASE_URL, Redis tests with
// TEST_REDIS_URL; browser journeys when Debian's Chromium is found. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
/** `file › test: first lines of the error` of every failed test, printed again at the end. */
const failures = [];

const firstLines = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- terminal colours in reporters' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .join('\n      ');

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/vitest.json`,
]);
const vitest = readJson(`${out}/vitest.json`);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      failures.push(`${name} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === 'failed') {
      failures.push(`${name}: ${firstLines(file.message)}`);
    }
  }
}
if (vitestStatus !== 0) failedSteps.push('vitest');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`\nBrowser journeys skipped: no Chromium at ${chromium} (apt-get install chromium).`);
} else if (run('npm', ['run', 'build']) !== 0) {
  failedSteps.push('build');
} else {
  const env = { E2E_DATA_DIR: `${process.cwd()}/${out}/e2e-data` };
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    // Journeys that flip operator settings need SQL access, so they run on a fresh PostgreSQL db.
    const name = `e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    env.E2E_DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const e2eStatus = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], env);
  await dropDatabase();
  const report = readJson(`${out}/e2e.json`);
  if (report) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.at(-1)?.error?.message;
          failures.push(
            `${spec.file}:${spec.line} [${test.projectName}] › ${[...titles, spec.title].join(' › ')}: ${firstLines(error)}`,
          );
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  }
  if (e2eStatus !== 0) failedSteps.push('e2e');
}

if (failedSteps.length > 0 && totals.failed === 0) totals.failed = 1;
// Only the end of CI's output is kept: name what failed here, next to the summary.
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const failure of failures.slice(0, 20)) console.log(`  - ${failure}`);
}
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
