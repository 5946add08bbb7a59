import { expect, test } from '@playwright/test';
import {
  acceptDisclaimer,
  expectMissingChunkRecovers,
  operatorDatabaseUrl,
  operatorSql,
  watchConsole,
} from './support.js';
import { LOGIN_ROUTES, MEMBER_PAGES, PUBLIC_ROUTES } from './routes.js';

test('home shows the header, the navigation in spec order, the side menu and the footer', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await acceptDisclaimer(page);
  await expect(page.getByTestId('header')).toBeVisible();
  const nav = page.getByTestId('top-nav');
  await expect(nav.getByTestId('nav-home')).toBeVisible();
  const items = await nav
    .locator('[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
  // home, in-house games, one entry per category with a vendor (seeded menu order), promotions.
  expect(items).toEqual([
    'nav-home',
    'nav-bgs',
    'nav-elott',
    'nav-lott',
    'nav-live',
    'nav-sports',
    'nav-fish',
    'nav-rng',
    'nav-pvp',
    'nav-esports',
    'nav-cockfight',
    'nav-promotions',
  ]);
  await expect(page.getByTestId('footer')).toContainText('PG Soft');
  expect(errors).toEqual([]);
});

test.describe('routes', () => {
  // The disclaimer is covered by its own journey; here every page starts with it accepted.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('disclaimerAccepted', 'true'));
  });

  for (const route of PUBLIC_ROUTES) {
    test(`${route} renders inside the layout without a console error`, async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto(route);
      await expect(page.getByTestId('header')).toBeVisible();
      // Every loader gone: the page and its lazy parts (the home page's game rows) are in.
      await expect(page.getByTestId('loader')).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  for (const route of LOGIN_ROUTES) {
    test(`${route} sends a visitor to /login with the login modal`, async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('login-modal')).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

// The fourteenth page, referral, shows only to agents or with the referral promotion on
// (SPEC section 6); referral.spec.ts covers both sides of that rule.
test('with a session token the member centre shows its pages, referral only when available', async ({
  page,
}) => {
  await page.goto('/');
  await acceptDisclaimer(page);
  await page.evaluate(() => sessionStorage.setItem('token', 'journey-token'));
  await page.goto('/member');
  for (const item of MEMBER_PAGES.filter((name) => name !== 'referral')) {
    await expect(page.getByTestId(`member-menu-${item}`)).toBeAttached();
  }
  await expect(page.getByTestId('member-menu-referral')).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('/register shows home and opens the register modal; it cannot be closed by outside click', async ({
  page,
}) => {
  await page.goto('/register');
  await acceptDisclaimer(page);
  const modal = page.getByTestId('register-modal');
  await expect(modal).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('header')).toBeVisible();
});

test('the disclaimer comes back in a new session but not after acceptance in this one', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await acceptDisclaimer(page);
  await page.reload();
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.getByTestId('disclaimer-accept')).toHaveCount(0);
  const fresh = await browser.newPage();
  await fresh.goto(page.url());
  await expect(fresh.getByTestId('disclaimer-accept')).toBeVisible();
  await fresh.close();
});

test.describe('code chunks', () => {
  // The service worker's own fetches would bypass the routes that make the chunk fail.
  test.use({ serviceWorkers: 'block' });

  test('names the chunk of a page whose code cannot be downloaded, and why; reloading recovers', async ({
    page,
  }) => {
    await expectMissingChunkRecovers(page, 'help-route', {
      open: async () => {
        await page.goto('/');
        await acceptDisclaimer(page);
        await page.goto('/help');
      },
      alert: page.getByRole('alert'),
      recovered: page.locator('[data-testid^="help-section-"]').first(),
    });
  });
});

test('switching the language to TL changes the visible text', async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
  const nav = page.getByTestId('nav-promotions');
  const english = await nav.innerText();
  // On a phone the language select sits in the side-menu drawer.
  const opener = page.getByTestId('side-menu-open');
  if (await opener.isVisible()) await opener.click();
  await page.getByTestId('language-select').selectOption('TL');
  await expect(nav).not.toHaveText(english);
  await page.reload();
  await expect(nav).not.toHaveText(english);
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('TL');
});

test('pages fit a 375 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await acceptDisclaimer(page);
  for (const route of ['/', '/help', '/rng', '/provider']) {
    await page.goto(route);
    await expect(page.getByTestId('header')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, route).toBeLessThanOrEqual(0);
  }
});

test.describe('operator settings', { tag: '@global' }, () => {
  test.skip(!operatorDatabaseUrl, 'needs the journeys on PostgreSQL (TEST_DATABASE_URL)');
  test.afterEach(async () => {
    await operatorSql(`update merchant_settings set maintenance_enabled = false`);
    await operatorSql(`delete from region_rules`);
  });

  test('maintenance shows the maintenance page with the operator text', async ({ page }) => {
    // Its own title: an operator journey may have left other texts behind.
    await operatorSql(
      `update merchant_settings set maintenance_enabled = true,
         maintenance_title = '{"EN": "Scheduled maintenance", "TL": "Nakatakdang maintenance"}'`,
    );
    await page.goto('/');
    const view = page.getByTestId('maintenance-page');
    await expect(view).toBeVisible();
    await expect(view).toContainText('Scheduled maintenance');
    await expect(page.getByTestId('header')).toHaveCount(0);
  });

  test('a region rule matching the visitor shows the blocked page with their IP', async ({
    page,
  }) => {
    await operatorSql(
      `insert into region_rules (merchant_id, ip_range) select id, '127.0.0.0/8' from merchants`,
    );
    await page.goto('/');
    const view = page.getByTestId('region-page');
    await expect(view).toBeVisible();
    await expect(view).toContainText('127.0.0.1');
  });
});
