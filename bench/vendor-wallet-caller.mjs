// The vendor side of bench/vendor-wallet.mjs, in its own process as a vendor's servers would be
// (and as pgbench is): it signs and sends bet and win calls over keep-alive HTTP connections and
// sends the measured latencies back to its parent. Started by the bench with child_process.fork;
// not meant to be run alone.
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';

const random = (n) => Math.floor(Math.random() * n);

/** One keep-alive connection per caller, as a vendor's connection pool would hold. */
function sender({ address, merchantCode, vendorCode, secret, callers }) {
  const url = new URL(address);
  const agent = new http.Agent({ keepAlive: true, maxSockets: callers });
  return (path, fields) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(fields);
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/vendor-api/v1/${path}`,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            merchant: merchantCode,
            'x-vendor-code': vendorCode,
            'x-signature': createHmac('sha256', secret).update(body, 'utf8').digest('hex'),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')).status);
            } catch (error) {
              reject(error);
            }
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
}

/** One connection's rounds: `next()` gives the next bet, then its win, then a new bet... */
function rounds({ gameCode, players, currency }) {
  let bet = null;
  return () => {
    if (bet === null) {
      const player = players[random(players.length)];
      bet = {
        user: player.user,
        token: player.token,
        game_code: gameCode,
        round: randomUUID(),
        currency,
        transaction_uuid: randomUUID(),
      };
      return [
        'transaction/bet',
        { ...bet, request_uuid: randomUUID(), round_closed: false, amount: 100 + random(4_900) },
      ];
    }
    const { transaction_uuid: reference, ...common } = bet;
    bet = null;
    return [
      'transaction/win',
      {
        ...common,
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: reference,
        round_closed: true,
        amount: random(2) === 0 ? 0 : random(9_800),
      },
    ];
  };
}

/** Closed loop: each connection plays rounds (a bet, then its win) as fast as answers come. */
async function closedLoop(job, send) {
  const latencies = { bet: [], win: [] };
  const unexpected = [];
  const stopAt = performance.now() + job.duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.callers }, async () => {
      const next = rounds(job);
      // Whole rounds: the last bet gets its win.
      for (let n = 0; n % 2 === 1 || performance.now() < stopAt; n += 1) {
        const [path, fields] = next();
        const begin = performance.now();
        const status = await send(path, fields);
        latencies[path.slice(12)].push(performance.now() - begin);
        if (status !== 'RS_OK') unexpected.push(`${path}: ${status}`);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000, unexpected };
}

/**
 * Paced (open loop, as wrk2): the connections send `rate` calls per second in all, each on its
 * own fixed schedule (every callers / rate seconds, connections staggered). A call is sent at its
 * scheduled time, or as soon as the connection's previous call is answered when that is later;
 * its latency counts from the scheduled time, so a slow answer also counts against the calls
 * queued behind it (no coordinated omission). Calls scheduled in the duration are sent; any
 * still unsent at twice the duration are counted as missed.
 */
async function paced(job, send) {
  const latencies = { bet: [], win: [] };
  const service = [];
  const unexpected = [];
  let missed = 0;
  const interval = (job.callers / job.rate) * 1000;
  const started = performance.now();
  const stopAt = started + job.duration * 1000;
  const giveUpAt = started + 2 * job.duration * 1000;
  let lastAnswer = started;
  await Promise.all(
    Array.from({ length: job.callers }, async (_, connection) => {
      const next = rounds(job);
      for (let n = 0; ; n += 1) {
        const scheduled = started + (connection * interval) / job.callers + n * interval;
        // Whole rounds: a win is sent even when scheduled after the end.
        if (n % 2 === 0 && scheduled >= stopAt) break;
        if (performance.now() >= giveUpAt) {
          missed += 1;
          continue;
        }
        const wait = scheduled - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const [path, fields] = next();
        const begin = performance.now();
        const status = await send(path, fields);
        lastAnswer = performance.now();
        latencies[path.slice(12)].push(lastAnswer - scheduled);
        service.push(lastAnswer - begin);
        if (status !== 'RS_OK') unexpected.push(`${path}: ${status}`);
      }
    }),
  );
  return { latencies, service, seconds: (lastAnswer - started) / 1000, missed, unexpected };
}

process.once('message', async (job) => {
  const send = sender(job);
  const outcome = job.rate > 0 ? await paced(job, send) : await closedLoop(job, send);
  process.send(outcome, () => process.exit(0));
});
