import { expect, test } from '@playwright/test';
import {
  acceptDisclaimer,
  answerCaptcha,
  PASSWORD,
  registerByUsername,
  uniqueUsername,
  verifyLater,
  watchConsole,
} from './support';

const DEMO_AGENT = { username: 'demoagent', password: 'Demo-Agent-2026' };

test('an agent shares its referral link; a friend registers with it and is listed, masked', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = watchConsole(page);
  await page.goto('/');
  await acceptDisclaimer(page);
  await page.goto('/login');
  const login = page.getByTestId('login-modal');
  await login.getByTestId('login-username').fill(DEMO_AGENT.username);
  await login.getByTestId('login-password').fill(DEMO_AGENT.password);
  await login.getByTestId('login-terms').check();
  await login.getByTestId('login-submit').click();
  await verifyLater(page);

  // The member centre shows the referral entry to an agent.
  await page.goto('/member/securityCenter');
  await page.getByTestId('member-menu').getByTestId('member-menu-referral').click();
  await expect(page).toHaveURL(/\/member\/referral/);
  const code = (await page.getByTestId('referral-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  const link = (await page.getByTestId('referral-link').textContent())!.trim();
  expect(link).toContain(`/register?referralCode=${code}`);
  await page.getByTestId('referral-copy-link').click();
  await expect(page.getByTestId('dialog-message')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.getByTestId('dialog-confirm').click();

  // A friend opens the link in another browser and registers.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const friendErrors = watchConsole(friend);
  const username = uniqueUsername();
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await acceptDisclaimer(friend);
  const modal = friend.getByTestId('register-modal');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal.getByTestId('register-referralCode')).toHaveValue(code);
  await modal.getByTestId('register-username').fill(username);
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();
  await expect(friend.getByTestId('register-success-modal')).toBeVisible();
  await friend.getByTestId('register-success-play').click();
  await verifyLater(friend);
  // The friend is a plain member and the demo's referral promotion is off: no entry.
  await friend.goto('/member/securityCenter');
  await expect(friend.getByTestId('member-menu')).toBeVisible();
  await expect(friend.getByTestId('member-menu-referral')).toHaveCount(0);

  // The agent's list has the friend, newest first, with the name masked.
  await page.reload();
  const members = page.getByTestId('referral-member');
  await expect(members.first()).toContainText(`${username.slice(0, 2)}***${username.slice(-2)}`);
  await expect(page.getByTestId('referral-members')).not.toContainText(username);

  expect(errors).toEqual([]);
  expect(friendErrors).toEqual([]);
  await friendContext.close();
});

test('a member without the referral promotion has no entry and the page says it is not enabled', async ({
  page,
}) => {
  await page.goto('/');
  await acceptDisclaimer(page);
  await registerByUsername(page, { username: uniqueUsername() });
  await page.goto('/member/securityCenter');
  await expect(page.getByTestId('member-menu')).toBeVisible();
  await expect(page.getByTestId('member-menu-referral')).toHaveCount(0);
  await page.goto('/member/referral');
  // Not an error to retry: the page says the promotion is not enabled and where promotions are.
  const notEnabled = page.getByTestId('referral-not-enabled');
  await expect(notEnabled).toContainText('Referral is not enabled');
  await expect(page.getByTestId('error-state')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByTestId('referral-code')).toHaveCount(0);
  await notEnabled.getByRole('link', { name: 'See promotions' }).click();
  await expect(page).toHaveURL(/\/promotions$/);
});
