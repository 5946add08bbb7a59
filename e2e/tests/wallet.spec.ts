import { expect, test } from '@playwright/test';
import { acceptDisclaimer, registerByUsername, uniqueUsername, watchConsole } from './support.js';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

test('the header shows the balance, hides it on request and refreshes it', async ({ page }) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() });
  const balance = page.getByTestId('header-balance');
  await expect(balance).toContainText('₱');
  await expect(balance.getByTestId('header-balance-amount')).toHaveText('0.00');

  // Hidden stays hidden on this device, across a reload.
  await balance.getByTestId('header-balance-toggle').click();
  await expect(balance.getByTestId('header-balance-amount')).not.toContainText('0');
  await page.reload();
  await expect(page.getByTestId('header-balance-amount')).not.toContainText('0');
  await page.getByTestId('header-balance-toggle').click();
  await expect(page.getByTestId('header-balance-amount')).toHaveText('0.00');

  const refreshed = page.waitForResponse((response) =>
    response.url().endsWith('/wps/v2/wallets/balance'),
  );
  await page.getByTestId('header-balance-refresh').click();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId('header-balance-amount')).toHaveText('0.00');
  expect(errors).toEqual([]);
});

test('the logged-in header fits a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await registerByUsername(page, { username: uniqueUsername() });
  await expect(page.getByTestId('header-balance-toggle')).toBeVisible();
  await expect(page.getByTestId('header-balance-refresh')).toBeVisible();
  await expect(page.getByTestId('header-deposit')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
