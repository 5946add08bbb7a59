import { expect, test, type Locator, type Page } from '@playwright/test';
import { operatorCall } from './operator';
import {
  acceptDisclaimer,
  fundBySandbox,
  memberCall,
  registerByUsername,
  uniqueUsername,
  watchConsole,
  revealHomeSections,
} from './support';

// Issue 6: the home page's content in the spec's order, its carousels, the announcements modal,
// popups by viewer, the member inbox with its live badge and the language switch.

const SLOW = { timeout: 15_000 };
const RUN = Date.now().toString(36);
const VISITOR_POPUP = `Visitor popup ${RUN}`;
const MEMBER_POPUP = `Member popup ${RUN}`;

/** SPEC section 2, Home, as the sections' test ids. */
const HOME_ORDER = [
  'home-banners',
  'home-notice',
  'home-winners',
  'home-hot',
  'home-videos',
  'home-rng',
  'home-provider',
  'home-live',
  'home-hot-matches',
  'home-fish',
  'home-app-download',
];

// Serial: the later journeys use the content the first one publishes. Slow: a round is played.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
// The home page as it moves (the journeys' default is reduced motion): carousels play by themselves.
test.use({ reducedMotion: 'no-preference' });

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

/** Popups this file publishes: they would cover the home page of every later journey. */
const publishedPopups: number[] = [];

async function publish(page: Page, content: Record<string, unknown>): Promise<void> {
  const created = (await operatorCall(page.request, 'POST', '/content/announcements', {
    language: 'EN',
    platform: 'W',
    ...content,
  })) as { id: number };
  if (content.kind === 'POPUP') publishedPopups.push(created.id);
}

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  for (const id of publishedPopups.splice(0)) {
    await operatorCall(request, 'DELETE', `/content/announcements/${id}`);
  }
  await request.dispose();
});

/** Plays a vendor slot until a round pays something, so the winners board has an entry. */
async function ensureWinner(page: Page): Promise<void> {
  const board = async () =>
    ((await (await page.request.get('/wps/relay/winnerBoard')).json()) as { value: unknown[] })
      .value.length;
  if ((await board()) > 0) return;
  await registerByUsername(page, { username: uniqueUsername() });
  await fundBySandbox(page, '500');
  await page.goto('/rng');
  await page.locator('[data-testid^="game-card-"]').first().getByTestId('game-start').click();
  const frame = page.frameLocator('[data-testid="seamless-frame"]');
  await expect(frame.getByTestId('balance')).toContainText('500', SLOW);
  for (let spin = 0; spin < 40 && (await board()) === 0; spin += 1) {
    await frame.getByTestId('play').click();
    await expect(frame.getByTestId('play')).toBeEnabled();
  }
  expect(await board()).toBeGreaterThan(0);
}

/** Waits for the popups that open on the home page and closes each; returns their titles. */
async function closePopups(page: Page): Promise<string[]> {
  const popup = page.getByTestId('content-popup');
  const seen: string[] = [];
  await expect(popup).toBeVisible(SLOW);
  while ((await popup.count()) > 0) {
    const title = await popup.locator('h2').first().innerText();
    if (seen.at(-1) !== title) seen.push(title);
    await popup.getByTestId('modal-close').click();
  }
  return seen;
}

async function sectionOrder(page: Page): Promise<string[]> {
  return page
    .locator('main section[data-testid^="home-"]')
    .evaluateAll((sections) => sections.map((s) => (s as HTMLElement).dataset.testid ?? ''));
}

function badge(page: Page): Locator {
  return page.getByTestId('member-badge-messageV2');
}

test(
  'a visitor sees the home sections in order, moving carousels, announcements by 9 and the visitor popup',
  { tag: '@global' },
  async ({ page }) => {
    const errors = watchConsole(page);
    await ensureWinner(page);
    // Ten announcements for visitors: with the seeded ones, more than one page of 9.
    for (let i = 1; i <= 10; i += 1) {
      await publish(page, {
        kind: 'ANNOUNCEMENT',
        type: 'PL',
        execution: 'B',
        title: `Announcement ${RUN} ${i}`,
        content: `<p>Body ${i}</p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>`,
      });
    }
    await publish(page, {
      kind: 'POPUP',
      execution: 'B',
      title: VISITOR_POPUP,
      content: '<p>Hi</p>',
    });
    await publish(page, {
      kind: 'POPUP',
      execution: 'A',
      title: MEMBER_POPUP,
      content: '<p>Hi</p>',
    });

    // A new browser session of a visitor.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto('/');
    await acceptDisclaimer(page);

    // Popups open after the announcements load: the visitor's (B) ones, not the members' (A).
    const popup = page.getByTestId('content-popup');
    const seen = await closePopups(page);
    expect(seen).toContain(VISITOR_POPUP);
    expect(seen).not.toContain(MEMBER_POPUP);
    // Closed for visitors for the rest of the session.
    await page.reload();
    await expect(page.getByTestId('home-banners')).toBeVisible(SLOW);
    await expect(popup).toHaveCount(0);

    await revealHomeSections(page);
    await expect.poll(() => sectionOrder(page), SLOW).toEqual(HOME_ORDER);

    // The banner carousel moves on by itself after 5 s.
    const carousel = page.getByTestId('home-banner-carousel');
    await expect(carousel).toHaveAttribute('data-index', '0');
    await expect(carousel).toHaveAttribute('data-index', '1', { timeout: 8000 });

    // The announcements: 9 titles a page, a click shows one, a second click collapses it.
    await page.getByTestId('notice-marquee').click();
    const modal = page.getByTestId('announcements-modal');
    const titles = modal.getByTestId('announcement-title');
    await expect(titles).toHaveCount(9, SLOW);
    await expect(modal.getByTestId('announcements-pager-page')).toContainText('1');
    const first = titles.first();
    await expect(first.locator('span').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await first.click();
    const detail = modal.getByTestId('announcement-detail');
    await expect(detail.locator('h3')).toHaveText(await first.locator('span').first().innerText());
    await first.click();
    await expect(detail.locator('h3')).toHaveCount(0);
    await modal.getByTestId('announcements-pager-next').click();
    await expect(modal.getByTestId('announcements-pager-page')).toContainText('2');
    expect(await titles.count()).toBeGreaterThanOrEqual(1);
    expect(await titles.count()).toBeLessThanOrEqual(9);
    // Script and event-handler payloads were removed by the server: nothing ran.
    for (let i = 0; i < (await titles.count()); i += 1) await titles.nth(i).click();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  },
);

test(
  'a member gets no visitor popup, and a new message reaches the inbox and badge live',
  { tag: '@global' },
  async ({ page }) => {
    const username = uniqueUsername();
    await registerByUsername(page, { username });
    await page.goto('/');
    // The members' popup (A) opens; the visitors' one (B) does not.
    const seen = await closePopups(page);
    expect(seen).toContain(MEMBER_POPUP);
    expect(seen).not.toContain(VISITOR_POPUP);

    await page.goto('/member/messageV2');
    const list = page.getByTestId('inbox-list');
    const before = Number(
      ((await memberCall(page, 'GET', '/wps/relay/unreadCount')) as { unreadMessage: number })
        .unreadMessage,
    );
    const title = `Hello ${username}`;
    await operatorCall(page.request, 'POST', '/content/messages', {
      target: 'member',
      username,
      titleEn: title,
      titleTl: title,
      contentEn: '<p>A message for you.</p>',
      contentTl: '<p>Isang mensahe para sa iyo.</p>',
    });
    // No reload: the websocket's unread count brings the badge and the list up to date.
    await expect(badge(page)).toContainText(String(before + 1), SLOW);
    const message = list.getByTestId('inbox-message').filter({ hasText: title });
    await expect(message).toHaveAttribute('data-read', 'false');
    await message.click();
    await expect(page.getByTestId('inbox-detail')).toContainText('A message for you.');
    await expect(message).toHaveAttribute('data-read', 'true', SLOW);
    if (before === 0) await expect(badge(page)).toHaveCount(0, SLOW);
    else await expect(badge(page)).toContainText(String(before), SLOW);
  },
);

test(
  'switching the language reloads the hot games, vendors and winners',
  { tag: '@global' },
  async ({ page }) => {
    await closePopups(page);
    await expect(page.getByTestId('home-hot')).toBeVisible(SLOW);
    const hotTitle = await page.locator('#home-hot').innerText();
    const tagalog = (path: string) =>
      page.waitForRequest((r) => r.url().includes(path) && r.headers()['language'] === 'TL');
    // Winners come with the public state; vendors with the game menus.
    const reloads = [
      tagalog('/wps/relay/publicState'),
      tagalog('/wps/relay/games/hot'),
      tagalog('/lgw/games/game_menus'),
    ];
    const opener = page.getByTestId('side-menu-open');
    if (await opener.isVisible()) await opener.click();
    await page.getByTestId('language-select').selectOption('TL');
    await Promise.all(reloads);
    await expect(page.locator('#home-hot')).not.toHaveText(hotTitle);
    await expect(page.getByTestId('winner').first()).toBeVisible();
  },
);
