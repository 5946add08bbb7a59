// bench: the main thread's work before a page's largest paint, from Chromium traces with the CPU
// slowed four times (as Lighthouse's mobile preset simulates it) and no network throttling, for a
// page of the built platform and, alternately, for its peer (bench/bare-spa), RUNS times each.
// Steadier than Lighthouse's TBT on a shared machine: it prints, per page, the medians of the
// first contentful paint, the LCP, the main thread's busy time before the LCP, the tasks over 50 ms
// before the LCP and their blocking time (each task's time over 50 ms, from the FCP to 3 s after
// the load), and the longest task.
//   npm run build && RUNS=5 node bench/first-screen-trace.mjs
// Settings (environment): RUNS (5), PAGES (/,/rng), PEER (1), CHROME_PATH (/usr/bin/chromium),
// TRACE (a file to write the page's last trace to), BASE_DIST (a copy of an earlier apps/web/dist:
// measured alternately in place of the peer, served by a second platform server). Ports 8192 and
// 8193, as bench/lighthouse.mjs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildPeer, PEER_PORT, PLATFORM_PORT, servePeer, startPlatform } from './web-peer.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const PAGES = (process.env.PAGES ?? '/,/rng').split(',');
const PEER = process.env.PEER !== '0';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = PLATFORM_PORT;

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'v8.execute',
].join(',');

async function trace(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  return events;
}

function analyse(events) {
  // The page's own navigation (the first ones are about:blank's).
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  if (!nav) return null;
  const id = nav.args.data.navigationId;
  const t0 = nav.ts;
  const ofNav = (e) => e.args?.data?.navigationId === id;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && ofNav(e));
  const lcp = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && ofNav(e))
    .at(-1);
  const mainPid = nav.pid;
  const mainTid = nav.tid;
  const tasks = events.filter(
    (e) =>
      e.name === 'RunTask' && e.pid === mainPid && e.tid === mainTid && e.ph === 'X' && e.ts >= t0,
  );
  const ms = (us) => us / 1000;
  const fcpAt = fcp ? ms(fcp.ts - t0) : NaN;
  const lcpAt = lcp ? ms(lcp.ts - t0) : NaN;
  const before = tasks.filter((task) => ms(task.ts - t0) < lcpAt);
  const busy = before.reduce((sum, task) => sum + ms(task.dur), 0);
  // Thread time (tdur): what the main thread ran, without the time it waited for a core. On a
  // shared machine it is far steadier than the wall times above.
  const cpu = before.reduce((sum, task) => sum + ms(task.tdur ?? task.dur), 0);
  const cpuAll = tasks.reduce((sum, task) => sum + ms(task.tdur ?? task.dur), 0);
  const cpuLongest = Math.max(0, ...tasks.map((task) => ms(task.tdur ?? task.dur)));
  const long = before.filter((task) => ms(task.dur) > 50);
  const loadEnd = Math.max(...tasks.map((task) => ms(task.ts + task.dur - t0)));
  const blocking = tasks
    .filter((task) => ms(task.ts - t0) >= fcpAt && ms(task.ts - t0) < loadEnd)
    .reduce((sum, task) => sum + Math.max(0, ms(task.dur) - 50), 0);
  const longest = Math.max(0, ...tasks.map((task) => ms(task.dur)));
  // Layouts before the LCP, and those forced by script (inside a script's call).
  const main = events.filter((e) => e.pid === mainPid && e.tid === mainTid && e.ph === 'X');
  const scripts = main.filter((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript');
  const layouts = main.filter((e) => e.name === 'Layout' && e.ts >= t0 && ms(e.ts - t0) < lcpAt);
  const forced = layouts.filter((layout) =>
    scripts.some((call) => call.ts <= layout.ts && layout.ts + layout.dur <= call.ts + call.dur),
  );
  const lcpNode = (lcp?.args?.data?.nodeName ?? '').slice(0, 48);
  return {
    fcp: fcpAt,
    lcp: lcpAt,
    busy,
    cpu,
    cpuAll,
    cpuLongest,
    long: long.length,
    blocking,
    longest,
    layouts: layouts.length,
    forced: forced.reduce((sum, layout) => sum + ms(layout.dur), 0),
    lcpNode,
  };
}

const median = (xs) => {
  const known = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return known[Math.floor(known.length / 2)];
};

const dir = mkdtempSync(join(tmpdir(), 'first-screen-'));
const server = await startPlatform(join(dir, 'data'));
let peer;
let base;
const targets = PAGES.map((page) => ({
  name: `platform ${page}`,
  url: `http://127.0.0.1:${PORT}${page}`,
  runs: [],
}));
if (process.env.BASE_DIST) {
  // A/B: another build of the web app (a copy of an earlier apps/web/dist) in place of the peer.
  base = await startPlatform(join(dir, 'base-data'), PEER_PORT, process.env.BASE_DIST);
  for (const page of PAGES) {
    targets.push({ name: `base ${page}`, url: `http://127.0.0.1:${PEER_PORT}${page}`, runs: [] });
  }
} else if (PEER) {
  await buildPeer(join(dir, 'peer'));
  peer = await servePeer(join(dir, 'peer'));
  targets.push({ name: 'peer: bare SPA', url: `http://127.0.0.1:${PEER_PORT}/`, runs: [] });
}
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
  for (const target of targets) await trace(browser, target.url);
  for (let i = 0; i < RUNS; i += 1) {
    for (const target of targets) {
      const events = await trace(browser, target.url);
      if (process.env.TRACE && target === targets[0]) {
        writeFileSync(process.env.TRACE, JSON.stringify({ traceEvents: events }));
      }
      const run = analyse(events);
      if (run) target.runs.push(run);
      else console.error(`${target.name}: a trace without its navigation, left out`);
    }
  }
} finally {
  await browser.close();
  await peer?.close();
  server.kill('SIGTERM');
  base?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

const f = (x) => (Number.isFinite(x) ? Math.round(x) : '-');
console.log(
  '| page | FCP | LCP | busy before LCP | long tasks before LCP | blocking | longest task | layouts before LCP | forced layout | CPU before LCP | CPU in all | longest task CPU | LCP element |',
);
console.log(
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
);
for (const { name, runs } of targets) {
  const m = (key) => f(median(runs.map((run) => run[key])));
  console.log(
    `| ${name} | ${m('fcp')} ms | ${m('lcp')} ms | ${m('busy')} ms | ${m('long')} | ${m('blocking')} ms | ${m('longest')} ms | ${m('layouts')} | ${m('forced')} ms | ${m('cpu')} ms | ${m('cpuAll')} ms | ${m('cpuLongest')} ms | ${runs.at(-1).lcpNode} |`,
  );
  if (process.env.VERBOSE)
    for (const run of runs)
      console.log(
        '   ',
        JSON.stringify(run, (k, v) => (typeof v === 'number' ? Math.round(v) : v)),
      );
}
