// The vendor side of bench/vendor-wallet.mjs, in its own process as a vendor's servers would be
// (and as pgbench is): it signs and sends bet and win calls over keep-alive HTTP connections and
// sends the measured latencies back to its parent. Started by the bench with child_process.fork;
// not meant to be run alone.
import { createHmac, randomUUID } from 'node:crypto';
import net from 'node:net';

const random = (n) => Math.floor(Math.random() * n);

/**
 * One keep-alive HTTP/1.1 connection per caller, as a vendor's connection pool would hold: a
 * plain socket that writes each signed request in one piece and reads the answer by its
 * Content-Length (node:http's client cost about as much CPU per call as the server's batching,
 * on the same two cores; pgbench's client is C). `open()` gives one connection's `send`, which
 * answers the `status` of the JSON answer; anything but HTTP 200 with a JSON body is an error.
 */
function sender({ address, merchantCode, vendorCode, secret }) {
  const url = new URL(address);
  const head =
    `Host: ${url.host}\r\nContent-Type: application/json\r\n` +
    `merchant: ${merchantCode}\r\nx-vendor-code: ${vendorCode}\r\n`;
  return function open() {
    const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    let buffer = Buffer.alloc(0);
    let waiting = null;
    const fail = (error) => {
      const pending = waiting;
      waiting = null;
      pending?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0 || !waiting) return;
      const header = buffer.toString('latin1', 0, end);
      const length = /\r\ncontent-length: *(\d+)/i.exec(header);
      if (!header.startsWith('HTTP/1.1 200 ') || !length) {
        fail(new Error(`unexpected answer: ${header.split('\r\n')[0]}`));
        return;
      }
      const total = end + 4 + Number(length[1]);
      if (buffer.length < total) return;
      const body = buffer.toString('utf8', end + 4, total);
      buffer = buffer.subarray(total);
      const pending = waiting;
      waiting = null;
      try {
        pending.resolve(JSON.parse(body).status);
      } catch (error) {
        pending.reject(error);
      }
    });
    return (path, fields) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify(fields);
        const signature = createHmac('sha256', secret).update(body, 'utf8').digest('hex');
        waiting = { resolve, reject };
        socket.write(
          `POST /vendor-api/v1/${path} HTTP/1.1\r\n${head}x-signature: ${signature}\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      });
  };
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
async function closedLoop(job, open) {
  const latencies = { bet: [], win: [] };
  const unexpected = [];
  const stopAt = performance.now() + job.duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.callers }, async () => {
      const next = rounds(job);
      const send = open();
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
async function paced(job, open) {
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
      const send = open();
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
  const open = sender(job);
  const before = process.cpuUsage();
  const outcome = job.rate > 0 ? await paced(job, open) : await closedLoop(job, open);
  const cpu = process.cpuUsage(before);
  process.send({ ...outcome, cpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(0));
});
