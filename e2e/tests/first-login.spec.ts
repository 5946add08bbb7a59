import { expect, test, type Page } from '@playwright/test';
import {
  acceptDisclaimer,
  OWN_PASSWORD,
  PASSWORD,
  uniqueUsername,
  verifyLater,
  watchConsole,
} from './support';

const DEMO_AGENT = { username: 'demoagent', password: 'Demo-Agent-2026' };

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const login = page.getByTestId('login-modal');
  await login.getByTestId('login-username').fill(username);
  await login.getByTestId('login-password').fill(password);
  await login.getByTestId('login-terms').check();
  await login.getByTestId('login-submit').click();
}

/**
 * Issue 18: an account an agent creates must replace the agent-chosen password at its first
 * login. The member site opens the change screen at once, nothing else opens until it is done,
 * and on a phone the screen fits.
 */
test('an account an agent created changes the agent-chosen password at first login', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  // The agent creates a member account in its register centre.
  await page.goto('/agent');
  await acceptDisclaimer(page);
  const form = page.getByTestId('agent-login');
  await form.getByTestId('login-username').fill(DEMO_AGENT.username);
  await form.getByTestId('login-password').fill(DEMO_AGENT.password);
  await form.getByTestId('login-terms').check();
  await form.getByTestId('login-submit').click();
  await verifyLater(page);
  await page.getByTestId('agent-menu').getByTestId('agent-menu-registerCenter').click();
  const create = page.getByTestId('downline-create-form');
  const username = uniqueUsername();
  await create.getByTestId('downline-create-type-member').click();
  await create.getByTestId('downline-create-username').fill(username);
  await create.getByTestId('downline-create-password').fill(PASSWORD);
  await create.getByTestId('downline-create-submit').click();
  await expect(create.getByTestId('downline-create-message')).toContainText(username);

  // The player logs in on their own phone, in Tagalog.
  const context = await browser.newContext({ ...test.info().project.use });
  const player = await context.newPage();
  const playerErrors = watchConsole(player);
  await player.goto('/');
  await acceptDisclaimer(player);
  await player.evaluate(() => localStorage.setItem('language', 'TL'));
  await logIn(player, username, PASSWORD);

  const change = player.getByTestId('change-password-modal');
  await expect(change).toBeVisible();
  await expect(change.getByTestId('change-password-forced')).toHaveText(
    'Para sa iyong seguridad, pumili ng bagong password bago magpatuloy.',
  );
  // It cannot be closed, keeps the shell logged out, and fits a phone's width.
  await expect(change.getByTestId('modal-close')).toHaveCount(0);
  await player.keyboard.press('Escape');
  await expect(change).toBeVisible();
  await expect(player.getByTestId('header-deposit')).toHaveCount(0);
  await expect(change.getByTestId('change-password-username')).toHaveValue(username);
  await expect(change.getByTestId('change-password-old')).toHaveCount(0);
  const width = player.viewportSize()!.width;
  const box = (await change.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(
    await player.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);

  // The agent's password again is refused with the server's reason; the player's own is taken.
  await change.getByTestId('change-password-new').fill(PASSWORD);
  await change.getByTestId('change-password-confirm').fill(PASSWORD);
  await change.getByTestId('change-password-submit').click();
  await expect(change).toBeVisible();
  await expect(change.getByTestId('change-password-new-error')).toHaveText(
    'Pumili ng bagong password: hindi maaaring panatilihin ang ibinigay sa iyo.',
  );
  await change.getByTestId('change-password-new').fill(OWN_PASSWORD);
  await change.getByTestId('change-password-confirm').fill(OWN_PASSWORD);
  await change.getByTestId('change-password-submit').click();
  await expect(change).toHaveCount(0);
  await expect(player.getByTestId('header-deposit')).toBeVisible();
  await verifyLater(player);

  // The next login is a plain one with the player's own password.
  await player.getByTestId('header-account').click();
  await player.getByTestId('account-menu-logout').click();
  await player.getByTestId('dialog-confirm').click();
  await logIn(player, username, OWN_PASSWORD);
  await verifyLater(player);
  await expect(player.getByTestId('header-deposit')).toBeVisible();
  await expect(player.getByTestId('change-password-modal')).toHaveCount(0);
  expect(errors).toEqual([]);
  // Only the refused same password (400) reached the console: no background call of the shell
  // was refused while the change was pending.
  expect(playerErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
  await context.close();
});
