// bench: Lighthouse with its mobile preset (a mid-range phone on a slow 4G link, simulated
// throttling), in Debian's Chromium, on a page of the built platform (a new embedded data dir with
// the demo content) and, in the same run, on its peer: a bare React app with the libraries a
// member-site page starts with (bench/bare-spa: React, React Router, TanStack Query, i18next, a
// list of 30 items; about 123 KB gzipped), built here and served the same way (precompressed,
// @fastify/static). The two are measured alternately, RUNS times each; prints the four category
// scores and the lab metrics of each, median of RUNS. What the page costs beyond its peer is its
// own work; the machine's share is in both.
//   npm run bench:lighthouse      (builds first)
// Settings (environment): RUNS (3), CHROME_PATH (/usr/bin/chromium), PAGES (/,/rng: the home page and
// a game category page, comma-separated), PEER (1; 0 skips
// the peer), REPORT (a file to write the page's last full Lighthouse JSON to, for the details of
// each audit).
// Targets (issue 20): performance >= 95 on / and a category page, accessibility >= 95,
// CLS < 0.05. Never exits 1 on a score, only when a page cannot be measured.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildPeer, PEER_PORT, PLATFORM_PORT, servePeer, startPlatform } from './web-peer.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = (process.env.PAGES ?? process.env.PAGE ?? '/,/rng').split(',');
const PEER = process.env.PEER !== '0';
const PORT = PLATFORM_PORT;

async function measure(chrome, url) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lhr,
    performance: lhr.categories.performance.score * 100,
    accessibility: lhr.categories.accessibility.score * 100,
    bestPractices: lhr.categories['best-practices'].score * 100,
    seo: lhr.categories.seo.score * 100,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode),
      )
      .map((a) => a.id),
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const server = await startPlatform(join(dir, 'data'));
let peer;
const targets = PAGES.map((page) => ({
  name: `platform ${page}`,
  url: `http://127.0.0.1:${PORT}${page}`,
  runs: [],
}));
if (PEER) {
  await buildPeer(join(dir, 'peer'));
  peer = await servePeer(join(dir, 'peer'));
  targets.push({ name: 'peer: bare SPA', url: `http://127.0.0.1:${PEER_PORT}/`, runs: [] });
}
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
});
try {
  // One unmeasured load each, so a server's first-request work is not counted against its page.
  for (const target of targets) await measure(chrome, target.url);
  for (let i = 0; i < RUNS; i += 1) {
    for (const target of targets) {
      const run = await measure(chrome, target.url);
      if (process.env.REPORT && target === targets[0]) {
        writeFileSync(process.env.REPORT, JSON.stringify(run.lhr));
      }
      target.runs.push({ ...run, lhr: undefined });
    }
  }
} finally {
  await chrome.kill();
  await peer?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `# bench/lighthouse: ${PAGES.join(', ')}${PEER ? ' and its peer' : ''}, mobile preset, ${RUNS} runs each (median, alternated), Chromium at ${CHROME_PATH}, ${cpus().length} CPUs, node ${process.version}`,
);
console.log('');
console.log(
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | speed index |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const { name, runs } of targets) {
  const of = (key) => median(runs.map((run) => run[key]));
  console.log(
    `| ${name} | ${of('performance')} | ${of('accessibility')} | ${of('bestPractices')} | ${of('seo')} | ` +
      `${(of('fcp') / 1000).toFixed(2)} s | ${(of('lcp') / 1000).toFixed(2)} s | ${of('tbt').toFixed(0)} ms | ` +
      `${of('cls').toFixed(3)} | ${(of('si') / 1000).toFixed(2)} s |`,
  );
}
for (const { name, runs } of targets) {
  const failing = [...new Set(runs.flatMap((run) => run.failing))];
  if (failing.length > 0)
    console.log(`\n${name}: audits under 0.9 in a run: ${failing.join(', ')}`);
}
