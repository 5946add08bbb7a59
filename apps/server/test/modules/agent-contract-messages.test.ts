import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { activeDailySalary, registerAccount, type TestAccount } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

type Account = TestAccount;
type Inbox = { content: { id: number; title: string; read: boolean }[]; unreadMessage: number };

/**
 * Contract events as platform messages (decision 014): each offer, answer, termination request
 * and answer, and each contract ended by the conflict rule lands in the other side's inbox
 * (messageV2) in EN and TL, committed with the event, with the unread count pushed live.
 */
describe.each(testDatabases)('agent contract messages on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let unreadPushed: { memberId: number; unreadMessage: number }[] = [];

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    const original = app.realtime.publishToMember.bind(app.realtime);
    vi.spyOn(app.realtime, 'publishToMember').mockImplementation(
      async (merchantId, memberId, event) => {
        if (event.type === 'unread')
          unreadPushed.push({ memberId, unreadMessage: event.unreadMessage });
        await original(merchantId, memberId, event);
      },
    );
  });
  afterAll(() => closeTestApp(app, database));

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    payload?: unknown,
    language = 'EN',
  ) =>
    app.inject({
      method,
      url,
      headers: { ...api.headers(token), language },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });

  /** A registered account; `type` makes it an agent; `under` registers it below that agent. */
  const account = (options: { type?: number; under?: Account } = {}) =>
    registerAccount(api, database.db, options);

  async function inbox(who: Account, language = 'EN'): Promise<Inbox> {
    const res = await call(
      'GET',
      '/wps/relay/messageV2?pageSize=50',
      who.token,
      undefined,
      language,
    );
    expect(res.statusCode).toBe(200);
    return res.json().value as Inbox;
  }

  async function message(who: Account, id: number, language = 'EN'): Promise<string> {
    const res = await call('GET', `/wps/relay/messageV2/${id}`, who.token, undefined, language);
    expect(res.statusCode).toBe(200);
    return res.json().value.content as string;
  }

  const offer = (from: Account, to: Account, ratesBp: number[]) =>
    call('POST', '/wps/relay/contracts', from.token, {
      username: to.username,
      type: 'daily_salary',
      ratesBp,
    });

  it('tells the other side of every contract event in its inbox, in EN and TL', async () => {
    const a = await account({ type: 1 });
    const b = await account({ type: 2, under: a });
    await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: a.id,
      ratesBp: [30, 50, 80],
    });
    const startB = (await inbox(b)).unreadMessage;
    const startA = (await inbox(a)).unreadMessage;

    // B was not online: the offer waits in its inbox, unread.
    unreadPushed = [];
    const first = (await offer(a, b, [20, 40, 60])).json().value;
    const offered = await inbox(b);
    expect(offered.unreadMessage).toBe(startB + 1);
    expect(offered.content[0]).toMatchObject({
      title: 'New daily salary contract offer',
      read: false,
    });
    expect(await message(b, offered.content[0]!.id)).toContain(
      `${a.username} offered you a daily salary contract (no. ${first.id})`,
    );
    expect(await message(b, offered.content[0]!.id, 'TL')).toContain(
      `Inalok ka ni ${a.username} ng kontrata ng pang-araw-araw na sahod (blg. ${first.id})`,
    );
    expect((await inbox(b, 'TL')).content[0]!.title).toBe(
      'Bagong alok na kontrata ng pang-araw-araw na sahod',
    );
    expect(unreadPushed).toContainEqual({ memberId: b.id, unreadMessage: startB + 1 });

    // B rejects: A is told.
    await call('POST', `/wps/relay/contracts/${first.id}/reject`, b.token);
    expect((await inbox(a)).content[0]!.title).toBe('Daily salary contract offer rejected');

    // A offers again and B accepts; B asks to end it and A declines; each is told.
    const second = (await offer(a, b, [20, 40, 60])).json().value;
    await call('POST', `/wps/relay/contracts/${second.id}/accept`, b.token);
    const accepted = await inbox(a);
    expect(accepted.content[0]!.title).toBe('Daily salary contract accepted');
    expect(await message(a, accepted.content[0]!.id)).toContain(
      `${b.username} accepted your daily salary contract offer (no. ${second.id})`,
    );
    await call('POST', `/wps/relay/contracts/${second.id}/termination`, b.token);
    expect((await inbox(a)).content[0]!.title).toBe('Contract termination requested');
    await call('POST', `/wps/relay/contracts/${second.id}/termination/reject`, a.token);
    expect((await inbox(b)).content[0]!.title).toBe('Contract termination declined');
    await call('POST', `/wps/relay/contracts/${second.id}/termination`, a.token);
    await call('POST', `/wps/relay/contracts/${second.id}/termination/accept`, b.token);
    const ended = await inbox(a);
    expect(ended.content[0]!.title).toBe('Daily salary contract ended');
    // A got four: rejected, accepted (opened above, so read), termination requested, terminated.
    expect(ended.unreadMessage).toBe(startA + 3);
  });

  it('tells both sides of a contract ended by the conflict rule, and nothing when the agent backs off', async () => {
    const a = await account({ type: 1 });
    const b = await account({ type: 2, under: a });
    const c = await account({ type: 2, under: b });
    await activeDailySalary(database.db, {
      uplineId: null,
      downlineId: a.id,
      ratesBp: [30, 50, 80],
    });
    const first = (await offer(a, b, [20, 40, 60])).json().value;
    await call('POST', `/wps/relay/contracts/${first.id}/accept`, b.token);
    const toC = (await offer(b, c, [10, 30, 60])).json().value;
    await call('POST', `/wps/relay/contracts/${toC.id}/accept`, c.token);
    const lower = (await offer(a, b, [20, 40, 50])).json().value;
    const before = { b: await inbox(b), c: await inbox(c) };

    // The first answer only names the conflict: no message is written.
    const conflict = await call('POST', `/wps/relay/contracts/${lower.id}/accept`, b.token);
    expect(conflict.statusCode).toBe(409);
    expect((await inbox(c)).content).toHaveLength(before.c.content.length);

    const confirmed = await call('POST', `/wps/relay/contracts/${lower.id}/accept`, b.token, {
      confirmEnds: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const toldC = await inbox(c);
    expect(toldC.content).toHaveLength(before.c.content.length + 1);
    expect(toldC.content[0]!.title).toBe('Daily salary contract ended');
    expect(await message(c, toldC.content[0]!.id)).toContain(
      `The daily salary contract (no. ${toC.id}) with ${b.username} ended: the upline agent accepted a contract with lower rates.`,
    );
    expect(await message(c, toldC.content[0]!.id, 'TL')).toContain('mas mababang rate');
    const toldB = await inbox(b);
    expect(toldB.content).toHaveLength(before.b.content.length + 1);
    expect(await message(b, toldB.content[0]!.id)).toContain(`(no. ${toC.id}) with ${c.username}`);
    // A hears that B accepted.
    expect((await inbox(a)).content[0]!.title).toBe('Daily salary contract accepted');
  });
});
