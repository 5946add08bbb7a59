import { expect, test, type Page } from '@playwright/test';
import {
  acceptDisclaimer,
  answerCaptcha,
  fundBySandbox,
  memberCall,
  PASSWORD,
  uniqueUsername,
  verifyLater,
  watchConsole,
} from './support.js';

/** The demo agent's affiliate code (apps/server/src/demo-agents.ts), nickname "Demo Agent". */
const DEMO_AFFILIATE_CODE = 'DEMOAGENT';
const PAYMENT_PASSWORD = '482615';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

/** Registers through the register modal, from an agent's link when `affiliateCode` is given. */
async function register(page: Page, affiliateCode?: string): Promise<void> {
  await page.goto(affiliateCode ? `/register?affiliateCode=${affiliateCode}` : '/register');
  const modal = page.getByTestId('register-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('register-username').fill(uniqueUsername());
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success-modal')).toBeVisible();
  await page.getByTestId('register-success-play').click();
  await verifyLater(page);
}

test('a member sends money to their upline and the header balance drops without reload', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await register(page, DEMO_AFFILIATE_CODE);
  await memberCall(page, 'POST', '/wps/member/paymentPassword', {
    loginPassword: PASSWORD,
    paymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });
  await fundBySandbox(page, '500');
  const headerAmount = page.getByTestId('header-balance-amount');
  await expect(headerAmount).toHaveText('500.00');

  await page.goto('/member/transferUpline');
  const form = page.getByTestId('upline-transfer-form');
  await expect(form.getByTestId('upline-transfer-upline-name')).toHaveText('Demo Agent');
  await expect(form.getByTestId('upline-transfer-limits')).toContainText('₱');

  // A wrong payment password moves nothing and says so next to the field.
  await form.getByTestId('upline-transfer-amount').fill('120.50');
  await form.getByTestId('upline-transfer-password').fill('000000');
  await form.getByTestId('upline-transfer-submit').click();
  await expect(form.getByTestId('upline-transfer-password-error')).toBeVisible();
  await expect(headerAmount).toHaveText('500.00');

  await form.getByTestId('upline-transfer-password').fill(PAYMENT_PASSWORD);
  // A double click sends one transfer.
  await form.getByTestId('upline-transfer-submit').dblclick();
  await expect(form.getByTestId('upline-transfer-message')).toContainText('Demo Agent');
  await expect(headerAmount).toHaveText('379.50');
  await expect(form.getByTestId('upline-transfer-balance')).toContainText('379.50');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The browser logs the refused wrong-password call; nothing else went wrong.
  expect(errors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});

test('a member moves money to a game wallet and back to the main wallet', async ({ page }) => {
  const errors = watchConsole(page);
  await register(page);
  await fundBySandbox(page, '300');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('300.00');

  await page.goto('/member/transferFund');
  const form = page.getByTestId('fund-transfer-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('fund-wallet-main-balance')).toContainText('300.00');
  const vendor = await form.getByTestId('fund-transfer-to').inputValue();
  expect(vendor).not.toBe('main');

  await form.getByTestId('fund-transfer-amount').fill('125.25');
  await form.getByTestId('fund-transfer-submit').dblclick();
  await expect(form.getByTestId('fund-transfer-message')).toBeVisible();
  await expect(page.getByTestId(`fund-wallet-${vendor}-balance`)).toContainText('125.25');
  await expect(page.getByTestId('fund-wallet-main-balance')).toContainText('174.75');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('174.75');
  await expect(page.getByTestId('fund-total')).toContainText('300.00');

  await form.getByTestId('fund-transfer-all-in').click();
  await expect(page.getByTestId(`fund-wallet-${vendor}-balance`)).toContainText('0.00');
  await expect(page.getByTestId('fund-wallet-main-balance')).toContainText('300.00');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('300.00');

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('the demo agent sends money to a member of their downline', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/login');
  const login = page.getByTestId('login-modal');
  await login.getByTestId('login-username').fill('demoagent');
  await login.getByTestId('login-password').fill('Demo-Agent-2026');
  await login.getByTestId('login-terms').check();
  await login.getByTestId('login-submit').click();
  await verifyLater(page);
  await fundBySandbox(page, '200');
  const headerAmount = page.getByTestId('header-balance-amount');
  await expect(headerAmount).not.toHaveText('0.00');

  await page.goto('/member/transferFund');
  const form = page.getByTestId('downline-transfer-form');
  await expect(form).toBeVisible();
  const before = Number((await headerAmount.textContent())!.replace(/,/g, ''));
  await form.getByTestId('downline-transfer-username').fill('demoplayer1');
  await form.getByTestId('downline-transfer-amount').fill('50');
  await form.getByTestId('downline-transfer-password').fill('246810');
  await form.getByTestId('downline-transfer-submit').dblclick();
  await expect(form.getByTestId('downline-transfer-message')).toContainText('Player One');
  await expect(headerAmount).toHaveText(
    (before - 50).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  expect(errors).toEqual([]);
});
