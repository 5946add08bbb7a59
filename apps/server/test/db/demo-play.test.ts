import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { bgsRounds, members } from '../../src/db/schema/index.js';
import { DEMO_REGULARS, seedDemoPlay } from '../../src/demo-play.js';
import { mainBalance } from '../../src/modules/ledger/index.js';
import { testDatabases } from '../support/databases.js';
import { testSecrets } from '../support/secrets.js';
import { buildTestApp } from '../support/test-app.js';

describe.each(testDatabases)('the demo table activity on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.open();
    app = await buildTestApp(database);
    // Twice, and twice at once: the step runs once per database.
    await seedDemoPlay(database.db, 'demo', testSecrets);
    await Promise.all([
      seedDemoPlay(database.db, 'demo', testSecrets),
      seedDemoPlay(database.db, 'demo', testSecrets),
    ]);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('plays the in-house slot for real: rounds, the ledger, and the winners board shows the wins', async () => {
    const db = database.db;
    const regulars = await db
      .select({ id: members.id, username: members.username, merchantId: members.merchantId })
      .from(members)
      .where(inArray(members.username, [...DEMO_REGULARS]));
    expect(regulars.map((r) => r.username).sort()).toEqual([...DEMO_REGULARS].sort());

    const rounds = await db
      .select({ memberId: bgsRounds.memberId, bet: bgsRounds.bet, win: bgsRounds.win })
      .from(bgsRounds)
      .where(
        inArray(
          bgsRounds.memberId,
          regulars.map((r) => r.id),
        ),
      );
    expect(rounds).toHaveLength(DEMO_REGULARS.length * 12);

    // Each regular's wallet is the bonus, less the stakes, plus the wins: no centavo made up.
    for (const regular of regulars) {
      const own = rounds.filter((r) => r.memberId === regular.id);
      const expected = own.reduce((sum, r) => sum - r.bet + r.win, 50_000n);
      expect(await mainBalance(db, regular.merchantId, regular.id, 'PHP')).toBe(expected);
    }

    const wins = rounds.filter((r) => r.win > 0n);
    expect(wins.length).toBeGreaterThan(0);
    const board = (
      await app.inject({
        method: 'GET',
        url: '/wps/relay/winnerBoard?gameCategory=ALL&limitNum=50',
      })
    ).json().value as { customerName: string; winAmount: string }[];
    expect(board.length).toBe(Math.min(wins.length, 50));
    for (const entry of board) expect(entry.customerName).toContain('****');
  });
});
