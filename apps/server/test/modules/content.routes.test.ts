import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type RealtimeServerMessage } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createRedis } from '../../src/lib/redis.js';
import { announcements } from '../../src/db/schema/index.js';
import { scheduledMessagesJob } from '../../src/modules/content/scheduled-messages.job.js';
import { createJobRunner } from '../../src/modules/jobs/jobs.runner.js';
import { createGameSession } from '../../src/modules/vendor-wallet/vendor-wallet.service.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, type MemberApi } from '../support/member-api.js';
import { createMerchant, signInOperator } from '../support/operator-api.js';
import { buildTestApp, closeTestApp, startMemberApp } from '../support/test-app.js';
import { expectVendorCallOk, testVendor } from '../support/vendor-wallet.js';

const XSS =
  '<p onclick="alert(1)">Hi<script>alert(2)</script>' +
  '<img src="https://cdn.example/x.png" onerror="alert(3)">' +
  '<a href="javascript:alert(4)">bad</a><a href="JaVaScRiPt:alert(5)">bad2</a>' +
  '<iframe src="https://evil.example"></iframe><svg onload="alert(6)"></svg>' +
  '<a href="https://ok.example/">ok</a></p>';

function expectInert(html: string) {
  expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<svg/i);
}

describe.each(testDatabases)('content hub on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let call: ReturnType<typeof adminApi>;
  let marketing: string;
  let finance: string;
  let foreign: string;
  let foreignCode: string;
  const tag = `${Date.now() % 100000}`;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    call = adminApi(app);
    marketing = await signInOperator(app, database.db, {
      role: 'marketing',
      merchantId: MERCHANT_ID,
    });
    finance = await signInOperator(app, database.db, { role: 'finance', merchantId: MERCHANT_ID });
    foreignCode = `ct${tag}`;
    const other = await createMerchant(database.db, foreignCode);
    foreign = await signInOperator(app, database.db, { role: 'marketing', merchantId: other });
  }, 180_000);
  afterAll(() => closeTestApp(app, database));

  const get = (url: string, token?: string, merchant?: string) =>
    app.inject({
      url,
      headers: { ...api.headers(token), ...(merchant ? { merchant } : {}) },
    });
  const member = async () => {
    const value = (await api.register()).json().value as {
      token: string;
      user: { id: number; account: string };
    };
    return { token: value.token, id: value.user.id, username: value.user.account };
  };
  const trialToken = async () => await api.trialToken();
  const publish = async (body: Record<string, unknown>) => {
    const res = await call(marketing, 'POST', '/admin/api/content/announcements', {
      language: 'EN',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { id: number; content: string };
  };

  it('serves announcements by execution: visitors B only, members A and B; types filter', async () => {
    const forMembers = await publish({
      kind: 'ANNOUNCEMENT',
      type: 'PL',
      execution: 'A',
      title: `Members only ${tag}`,
    });
    const forAll = await publish({
      kind: 'ANNOUNCEMENT',
      type: 'PR',
      execution: 'B',
      title: `Everyone ${tag}`,
    });
    const titles = async (token?: string, query = '') =>
      (
        (await get(`/wps/relay/announcements?platform=W&pageSize=100${query}`, token)).json().value
          .content as { title: string }[]
      ).map((a) => a.title);

    const visitor = await titles();
    expect(visitor).toContain(`Everyone ${tag}`);
    expect(visitor).not.toContain(`Members only ${tag}`);
    // A visitor asking for execution A still gets B only.
    expect(await titles(undefined, '&execution=A')).not.toContain(`Members only ${tag}`);
    const { token } = await member();
    const signedIn = await titles(token);
    expect(signedIn).toEqual(expect.arrayContaining([`Everyone ${tag}`, `Members only ${tag}`]));
    expect(await titles(token, '&type=PL')).not.toContain(`Everyone ${tag}`);
    expect(await titles(token, '&type=PR,PL')).toContain(`Everyone ${tag}`);
    // The detail of an execution-A announcement is hidden from visitors.
    expect((await get(`/wps/relay/announcements/${forMembers.id}`)).statusCode).toBe(404);
    expect((await get(`/wps/relay/announcements/${forAll.id}`)).json().value.title).toBe(
      `Everyone ${tag}`,
    );
    const bad = await get('/wps/relay/announcements?type=ZZ');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    // Pages of 9 by default.
    const page = (await get('/wps/relay/announcements')).json().value;
    expect(page.pageSize).toBe(9);
    expect(page.content.length).toBeLessThanOrEqual(9);
  });

  it('stores and serves announcement and message HTML inert (stored XSS)', async () => {
    const saved = await publish({
      kind: 'ANNOUNCEMENT',
      type: 'H',
      execution: 'B',
      title: `XSS ${tag}`,
      content: XSS,
    });
    expectInert(saved.content);
    expect(saved.content).toContain('<a href="https://ok.example/">ok</a>');
    expect(saved.content).toContain('<img src="https://cdn.example/x.png" />');
    // A row written around the back office (e.g. an old import) is cleaned when served.
    const [raw] = await database.db
      .insert(announcements)
      .values({
        merchantId: MERCHANT_ID,
        type: 'H',
        language: 'EN',
        title: 'raw',
        content: XSS,
        // Published a minute ago: the database's now() has microseconds, the server's clock
        // milliseconds, so a row published "now" may be a fraction of a millisecond ahead of it.
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const served = (await get(`/wps/relay/announcements/${raw!.id}`)).json().value;
    expectInert(served.content);
    expect(served.content).toContain('Hi');

    const preview = await call(marketing, 'POST', '/admin/api/content/preview', { html: XSS });
    expectInert(preview.json().value.html);

    const m = await member();
    const sent = await call(marketing, 'POST', '/admin/api/content/messages', {
      target: 'member',
      username: m.username,
      titleEn: 'Hello',
      titleTl: 'Kumusta',
      contentEn: XSS,
      contentTl: XSS,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const detail = (await get(`/wps/relay/messageV2/${sent.json().value.id}`, m.token)).json()
      .value;
    expectInert(detail.content);
  });

  it('filters popups by execution: B for visitors, A for members, F on first login', async () => {
    await publish({ kind: 'POPUP', type: 'PU', execution: 'F', title: `First ${tag}` });
    await publish({ kind: 'POPUP', type: 'PU', execution: 'B', title: `Visitor ${tag}` });
    await publish({ kind: 'POPUP', type: 'PU', execution: 'A', title: `Member ${tag}` });
    await publish({
      kind: 'POPUP',
      type: 'PU',
      execution: 'B',
      title: `Hidden ${tag}`,
      enabled: false,
    });
    const titles = async (token?: string, query = '') =>
      (await get(`/wps/relay/popups${query}`, token)).json().value as {
        title: string;
        execution: string;
      }[];
    const visitor = await titles();
    expect(visitor.length).toBeGreaterThan(0);
    expect(visitor.every((p) => p.execution === 'B')).toBe(true);
    expect(visitor.map((p) => p.title)).toContain(`Visitor ${tag}`);
    expect(visitor.map((p) => p.title)).not.toContain(`Hidden ${tag}`);
    // The seeded popups start hidden.
    expect(visitor.map((p) => p.title)).not.toContain('Welcome, visitor!');
    const { token } = await member();
    const signedIn = await titles(token);
    expect(signedIn.every((p) => p.execution === 'A')).toBe(true);
    expect(signedIn.map((p) => p.title)).toContain(`Member ${tag}`);
    expect(signedIn.map((p) => p.title)).not.toContain(`Visitor ${tag}`);
    expect((await titles(token, '?firstLogin=true')).map((p) => p.title)).toContain(`First ${tag}`);
    expect((await titles(undefined, '?firstLogin=true')).map((p) => p.title)).not.toContain(
      `First ${tag}`,
    );
  });

  it('lists notices for platform W or A only, and scheduled banners per group and language', async () => {
    const w = (await get('/wps/relay/notices?platform=W')).json().value.content;
    const a = (await get('/wps/relay/notices?platform=A')).json().value.content;
    expect(w.length).toBeGreaterThan(0);
    expect(a.length).toBeGreaterThan(0);
    expect(w.every((n: { platform: string }) => n.platform === 'W')).toBe(true);
    expect((await get('/wps/relay/notices?platform=X')).statusCode).toBe(400);

    for (const group of ['w_home', 'w_video', 'w_login', 'w_forget']) {
      const list = (await get(`/wps/relay/banners?groupName=${group}`)).json().value;
      expect(list.length, group).toBeGreaterThan(0);
      expect(list.every((b: { groupName: string }) => b.groupName === group)).toBe(true);
    }
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const banner = (startsAt: string | null, endsAt: string | null, title: string) =>
      call(marketing, 'POST', '/admin/api/content/banners', {
        groupName: 'w_login',
        language: 'TL',
        title,
        imageUrl: '/demo/banner-login.svg',
        linkageType: 'route',
        linkage: '/promotions',
        startsAt,
        endsAt,
      });
    const live = (await banner(past, future, 'live')).json().value.id;
    const later = (await banner(future, null, 'later')).json().value.id;
    const over = (await banner(null, past, 'over')).json().value.id;
    const ids = async (language: string) =>
      (
        (await get(`/wps/relay/banners?groupName=w_login&language=${language}`)).json().value as {
          id: number;
        }[]
      ).map((b) => b.id);
    const tl = await ids('TL');
    expect(tl).toContain(live);
    expect(tl).not.toContain(later);
    expect(tl).not.toContain(over);
    expect(await ids('EN')).not.toContain(live);
    // Bad links change nothing.
    const bad = await call(marketing, 'POST', '/admin/api/content/banners', {
      groupName: 'w_home',
      language: 'EN',
      imageUrl: '/x.svg',
      linkageType: 'url',
      linkage: 'javascript:alert(1)',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('answers the public state with every field, cached and invalidated by an admin edit', async () => {
    const state = (await get('/wps/relay/publicState')).json().value;
    expect(Object.keys(state).sort()).toEqual(
      [
        'availablePromo',
        'availablePromoCount',
        'balance',
        'banners',
        'currencySymbol',
        'hasVip',
        'notice',
        'popup',
        'sportsMatchHotList',
        'unreadMessage',
        'vipLabelName',
        'vipRankLevel',
        'winnerBoard',
      ].sort(),
    );
    expect(state.balance).toBeNull();
    expect(state.currencySymbol).toBe('₱');
    expect(state.sportsMatchHotList.length).toBeGreaterThan(0);
    expect(state.popup.every((p: { execution: string }) => p.execution === 'B')).toBe(true);

    // A row changed behind the back office's back is not seen while the cache holds...
    await database.db.insert(announcements).values({
      merchantId: MERCHANT_ID,
      kind: 'NOTICE',
      type: 'PL',
      language: 'EN',
      title: `Sneaky ${tag}`,
      content: '',
    });
    const titles = async () =>
      ((await get('/wps/relay/publicState')).json().value.notice as { title: string }[]).map(
        (n) => n.title,
      );
    expect(await titles()).not.toContain(`Sneaky ${tag}`);
    // ...and an operator's edit drops the cache at once.
    await publish({ kind: 'NOTICE', type: 'PL', platform: 'W', title: `Fresh ${tag}` });
    expect(await titles()).toEqual(expect.arrayContaining([`Sneaky ${tag}`, `Fresh ${tag}`]));

    const m = await member();
    await fund(database.db, m.id, 12_345n);
    const mine = (await get('/wps/relay/publicState', m.token)).json().value;
    expect(mine.balance).toBe('123.45');
    expect(mine.unreadMessage).toBeGreaterThan(0);
    expect(mine.popup.every((p: { execution: string }) => p.execution === 'A')).toBe(true);
  });

  it('builds the winners board from real wins and lists hot matches', async () => {
    const vendor = await testVendor(database.db);
    const m = await member();
    await fund(database.db, m.id, 100_000n);
    const session = await createGameSession(database.db, {
      merchantId: MERCHANT_ID,
      memberId: m.id,
      vendorId: vendor.vendorId,
      gameCode: vendor.gameCode,
    });
    const vendorCall = (path: string, fields: Record<string, unknown>) =>
      expectVendorCallOk(
        database.db,
        vendor,
        path,
        { username: m.username, gameToken: session.token },
        fields,
      );
    const bet = randomUUID();
    const round = randomUUID();
    await vendorCall('transaction/bet', { transaction_uuid: bet, round, amount: 100 });
    await vendorCall('transaction/win', {
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet,
      round,
      round_closed: true,
      amount: 98_765,
    });
    const board = (await get('/wps/relay/winnerBoard?gameCategory=ALL&limitNum=20')).json().value;
    expect(board.length).toBeLessThanOrEqual(20);
    expect(board[0]).toMatchObject({
      winAmount: '987.65',
      gameType: vendor.gameType,
      customerName: `${m.username.slice(0, 2)}****${m.username.slice(-2)}`,
    });
    expect(board[0].nodeId).toBeGreaterThan(0);
    expect(JSON.stringify(board)).not.toContain(m.username);

    const matches = (await get('/wps/relay/sportsMatch/hotList?isPlatform=2&language=TL')).json()
      .value;
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]).toMatchObject({ vendorCode: 'SABA', homeTeam: expect.any(String) });
    expect(matches[0].nodeId).toBeGreaterThan(0);
    expect((await get('/wps/relay/sportsMatch/hotList?merchantCode=nope')).statusCode).toBe(403);
  });

  it('keeps the inbox to real accounts, by target and segment, with read state', async () => {
    expect((await get('/wps/relay/unreadCount')).statusCode).toBe(401);
    const trial = await get('/wps/relay/unreadCount', await trialToken());
    expect([trial.statusCode, trial.json().code]).toEqual([403, 'IN_NEED_TRUE_ACCOUNT']);

    const a = await member();
    const b = await member();
    const before = (await get('/wps/relay/unreadCount', a.token)).json().value.unreadMessage;
    const toAgents = await call(marketing, 'POST', '/admin/api/content/messages', {
      target: 'segment',
      segment: 'AGENTS',
      titleEn: `Agents ${tag}`,
      titleTl: `Agents ${tag}`,
      contentEn: '<p>x</p>',
      contentTl: '<p>x</p>',
    });
    expect(toAgents.statusCode).toBe(200);
    const toA = await call(marketing, 'POST', '/admin/api/content/messages', {
      target: 'member',
      username: a.username,
      titleEn: `For A ${tag}`,
      titleTl: `Para kay A ${tag}`,
      contentEn: '<p>a</p>',
      contentTl: '<p>a</p>',
    });
    const messageId = toA.json().value.id as number;
    const list = (await get('/wps/relay/messageV2', a.token)).json().value;
    const titles = list.content.map((m: { title: string }) => m.title);
    expect(titles).toContain(`For A ${tag}`);
    expect(titles).not.toContain(`Agents ${tag}`);
    expect(list.unreadMessage).toBe(before + 1);
    const ofB = (await get('/wps/relay/messageV2', b.token)).json().value.content;
    expect(ofB.map((m: { title: string }) => m.title)).not.toContain(`For A ${tag}`);
    expect((await get(`/wps/relay/messageV2/${messageId}`, b.token)).statusCode).toBe(404);

    const tl = await app.inject({
      url: `/wps/relay/messageV2/${messageId}`,
      headers: { ...api.headers(a.token), language: 'TL' },
    });
    expect(tl.json().value).toMatchObject({ title: `Para kay A ${tag}`, read: true });
    expect((await get('/wps/relay/unreadCount', a.token)).json().value.unreadMessage).toBe(before);
    const all = await app.inject({
      method: 'POST',
      url: '/wps/relay/messageV2/read',
      headers: api.headers(a.token),
    });
    expect(all.json().value.unreadMessage).toBe(0);

    // Withdrawn messages leave the inbox.
    const toB = await call(marketing, 'POST', '/admin/api/content/messages', {
      target: 'member',
      username: b.username,
      titleEn: `Oops ${tag}`,
      titleTl: `Oops ${tag}`,
      contentEn: '<p>b</p>',
      contentTl: '<p>b</p>',
    });
    await call(marketing, 'POST', `/admin/api/content/messages/${toB.json().value.id}/withdraw`);
    const afterWithdraw = (await get('/wps/relay/messageV2', b.token)).json().value.content;
    expect(afterWithdraw.map((m: { title: string }) => m.title)).not.toContain(`Oops ${tag}`);
    const unknown = await call(marketing, 'POST', '/admin/api/content/messages', {
      target: 'member',
      username: 'nobody-here',
      titleEn: 'x',
      titleTl: 'x',
      contentEn: 'x',
      contentTl: 'x',
    });
    expect(unknown.json().code).toBe('USER_NOT_FOUND');
  });

  /** A signed-in live socket of `token`; `next` waits for the first message that matches. */
  async function liveSocket(token: string) {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
    const ws = new WebSocket(url);
    const messages: RealtimeServerMessage[] = [];
    const waiters: (() => void)[] = [];
    ws.on('message', (data: Buffer) => {
      messages.push(JSON.parse(data.toString('utf8')) as RealtimeServerMessage);
      for (const wake of waiters.splice(0)) wake();
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', token, merchant: 'demo' }));
    const next = async (match: (m: RealtimeServerMessage) => boolean) => {
      for (;;) {
        const at = messages.findIndex(match);
        if (at >= 0) return messages.splice(at, 1)[0]!;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    await next((x) => x.type === 'ready');
    return { ws, messages, next };
  }

  it('pushes the unread count over the websocket when a message arrives and is read', async () => {
    const m = await member();
    const { ws, next } = await liveSocket(m.token);
    const before = (await get('/wps/relay/unreadCount', m.token)).json().value.unreadMessage;
    const sent = await call(marketing, 'POST', '/admin/api/content/messages', {
      target: 'member',
      username: m.username,
      titleEn: 'Live',
      titleTl: 'Live',
      contentEn: '<p>live</p>',
      contentTl: '<p>live</p>',
    });
    expect(await next((x) => x.type === 'unread')).toEqual({
      type: 'unread',
      unreadMessage: before + 1,
    });
    await app.inject({
      method: 'POST',
      url: `/wps/relay/messageV2/${sent.json().value.id}/read`,
      headers: api.headers(m.token),
    });
    expect(await next((x) => x.type === 'unread')).toEqual({
      type: 'unread',
      unreadMessage: before,
    });
    ws.close();
  });

  it('pushes a message scheduled for later once, when the job reaches its send time', async () => {
    const m = await member();
    const { ws, messages, next } = await liveSocket(m.token);
    const before = (await get('/wps/relay/unreadCount', m.token)).json().value.unreadMessage;
    const sendAt = Date.now() + 1_500;
    const sent = await call(marketing, 'POST', '/admin/api/content/messages', {
      target: 'member',
      username: m.username,
      titleEn: 'Later',
      titleTl: 'Mamaya',
      contentEn: '<p>later</p>',
      contentTl: '<p>mamaya</p>',
      sendAt: new Date(sendAt).toISOString(),
    });
    expect(sent.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, sendAt - Date.now() + 100));
    // Nothing was pushed at sending: the message was not due yet.
    expect(messages.filter((x) => x.type === 'unread')).toEqual([]);
    const runner = createJobRunner({
      db: database.db,
      jobs: [scheduledMessagesJob(app.realtime)],
      now: () => new Date(sendAt + 60_000),
    });
    await runner.tick();
    expect(await next((x) => x.type === 'unread')).toEqual({
      type: 'unread',
      unreadMessage: before + 1,
    });
    // The minute is claimed: another tick (or process) pushes nothing again.
    expect(await runner.tick()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages.filter((x) => x.type === 'unread')).toEqual([]);
    ws.close();
  });

  it('audits every change with before and after, and needs content.write', async () => {
    const created = await publish({
      kind: 'ANNOUNCEMENT',
      type: 'B',
      execution: 'B',
      title: `Audit ${tag}`,
    });
    const changed = await call(marketing, 'PUT', `/admin/api/content/announcements/${created.id}`, {
      kind: 'ANNOUNCEMENT',
      type: 'B',
      execution: 'B',
      language: 'EN',
      title: `Audit changed ${tag}`,
    });
    expect(changed.json().value.title).toBe(`Audit changed ${tag}`);
    const [entry] = await auditsOf(database.db, 'content.announcement.update', created.id);
    expect(entry!.before).toMatchObject({ title: `Audit ${tag}` });
    expect(entry!.after).toMatchObject({ title: `Audit changed ${tag}` });
    const removed = await call(
      marketing,
      'DELETE',
      `/admin/api/content/announcements/${created.id}`,
    );
    expect(removed.json().value).toEqual({ id: created.id, deleted: true });
    expect((await auditsOf(database.db, 'content.announcement.delete', created.id)).length).toBe(1);
    expect((await get(`/wps/relay/announcements/${created.id}`)).statusCode).toBe(404);

    const refused = await call(finance, 'POST', '/admin/api/content/announcements', {
      kind: 'NOTICE',
      language: 'EN',
      title: 'nope',
    });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);

    const help = await call(marketing, 'POST', '/admin/api/content/help-sections', {
      key: `faq${tag}`,
      language: 'EN',
      title: 'FAQ',
      content: '<p onmouseover="x()">Questions</p>',
      sequence: 9,
    });
    expect(help.json().value.content).toBe('<p>Questions</p>');
    const centre = (await get('/wps/system/helpCenter?lang=EN&device=WEB')).json().value;
    expect(centre.sections.map((s: { key: string }) => s.key)).toContain(`faq${tag}`);
    const dup = await call(marketing, 'POST', '/admin/api/content/help-sections', {
      key: `faq${tag}`,
      language: 'EN',
      title: 'FAQ again',
      content: '',
    });
    expect(dup.statusCode).toBe(400);
  });

  it("keeps each merchant's content to itself", async () => {
    const demoBanners = (await call(marketing, 'GET', '/admin/api/content/banners?size=100')).json()
      .value;
    expect(demoBanners.total).toBeGreaterThan(0);
    const theirs = (await call(foreign, 'GET', '/admin/api/content/banners?size=100')).json().value;
    expect(theirs.total).toBe(0);
    const id = demoBanners.items[0].id as number;
    const hijack = await call(foreign, 'PUT', `/admin/api/content/banners/${id}`, {
      groupName: 'w_home',
      language: 'EN',
      imageUrl: '/x.svg',
      linkageType: 'none',
    });
    expect(hijack.statusCode).toBe(404);
    expect((await call(foreign, 'DELETE', `/admin/api/content/banners/${id}`)).statusCode).toBe(
      404,
    );
    const theirAnnouncement = (
      await call(foreign, 'POST', '/admin/api/content/announcements', {
        kind: 'ANNOUNCEMENT',
        language: 'EN',
        title: `Theirs ${tag}`,
      })
    ).json().value;
    const demoList = (await get('/wps/relay/announcements?pageSize=100')).json().value.content;
    expect(demoList.map((a: { title: string }) => a.title)).not.toContain(`Theirs ${tag}`);
    expect((await get(`/wps/relay/announcements/${theirAnnouncement.id}`)).statusCode).toBe(404);
    const theirList = (await get('/wps/relay/announcements', undefined, foreignCode)).json().value;
    expect(theirList.content.map((a: { title: string }) => a.title)).toEqual([`Theirs ${tag}`]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = testDatabases.find((d) => d.name === 'postgres');

describe.runIf(redisUrl && postgres)('public state cache across processes (Redis)', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const connections: Redis[] = [];

  beforeAll(async () => {
    database = await postgres!.open();
    for (let i = 0; i < 2; i++) {
      const redis = createRedis(redisUrl!);
      await redis.connect();
      connections.push(redis);
      apps.push(await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER }, redis));
    }
  }, 180_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const redis of connections) redis.disconnect();
    await database?.close();
  });

  it('an edit through one process drops the state another process cached', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const tag = `${Date.now() % 100000}`;
    const notices = async () =>
      (
        (await a.inject({ url: '/wps/relay/publicState', headers: { merchant: 'demo' } })).json()
          .value.notice as { title: string }[]
      ).map((n) => n.title);
    await notices();
    const token = await signInOperator(b, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    const res = await adminApi(b)(token, 'POST', '/admin/api/content/announcements', {
      kind: 'NOTICE',
      language: 'EN',
      title: `Across ${tag}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await notices()).toContain(`Across ${tag}`);
  });
});
