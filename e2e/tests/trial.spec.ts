import { expect, test, type Page } from '@playwright/test';
import {
  acceptDisclaimer,
  answerCaptcha,
  PASSWORD,
  uniqueUsername,
  verifyLater,
  watchConsole,
} from './support.js';

// A trial, a refusal, a registration and a game launch on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Lists wait for the page's code, the game menus and then the list itself. */
const LIST_TIMEOUT = { timeout: 15_000 };

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

async function startFreePlay(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-free-play').click();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Fills the register modal by username (the e2e captcha accepts "test") and sends it. */
async function register(page: Page, username: string): Promise<void> {
  const modal = page.getByTestId('register-modal');
  await expect(modal).toBeVisible(LIST_TIMEOUT);
  await modal.getByTestId('register-username').fill(username);
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();
  await expect(modal).toHaveCount(0);
}

type ListedGame = { nodeId: number; nodeName: string; gameCode: string };

test('a trial taps a game, is told the rule, registers from the refusal and lands in that game', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await startFreePlay(page);
  // The header says it is a trial and offers no money buttons.
  await expect(page.getByTestId('header-trial')).toBeVisible(LIST_TIMEOUT);
  await expect(page.getByTestId('header-deposit')).toHaveCount(0);
  await expect(page.getByTestId('header-withdraw')).toHaveCount(0);

  // The PG slots as the trial sees them; the list answer names each card's game code.
  const listed = page.waitForResponse(
    (response) =>
      response.url().includes('/wps/relay/games?') &&
      response.url().includes('vassalage=PG') &&
      response.ok(),
  );
  await page.goto('/rng?vassalage=PG');
  const games = ((await (await listed).json()) as { value: { content: ListedGame[] } }).value
    .content;
  const card = page.locator('[data-testid^="game-card-"]').first();
  await expect(card).toBeVisible(LIST_TIMEOUT);
  const nodeId = Number((await card.getAttribute('data-testid'))!.replace('game-card-', ''));
  const game = games.find((item) => item.nodeId === nodeId)!;
  expect(game).toBeDefined();

  await card.getByTestId('game-start').click();
  // An information that explains the rule, not a question to confirm.
  const refusal = page.getByRole('dialog', { name: 'Trial account' });
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId('alert-dialog')).toBeVisible();
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(refusal).not.toContainText('Please confirm');
  await expect(refusal.getByTestId('dialog-message')).toHaveText(
    'This needs a real account. Trial accounts can browse but not play: register a free ' +
      'account to play, and this game opens as soon as you are registered.',
  );
  await expect(refusal.getByTestId('dialog-cancel')).toHaveCount(0);
  await expect(refusal.getByTestId('dialog-confirm')).toHaveText('OK');
  // Nothing was launched for the trial.
  await expect(page).toHaveURL(/\/rng\?vassalage=PG$/);

  await refusal.getByTestId('dialog-action').click();
  await expect(page).toHaveURL(/\/register$/);
  await register(page, uniqueUsername());

  // No welcome in between: the game it tapped opens through the launch, in its game page.
  await expect(page).toHaveURL(new RegExp(`/seamless\\?nodeId=${nodeId}$`), LIST_TIMEOUT);
  await expect(page.getByTestId('register-success-modal')).toHaveCount(0);
  const frame = page.getByTestId('seamless-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute(
    'src',
    new RegExp(`/play/${encodeURIComponent(game.gameCode)}\\?`),
  );
  await expect(page.getByTestId('seamless-player').locator('h1')).toHaveText(game.nodeName);
  // The new member's KYC prompt (mandatory on the demo merchant) follows, as after any
  // registration; the game stays open behind it.
  await expect(page.getByTestId('kyc-modal')).toBeVisible(LIST_TIMEOUT);
  await verifyLater(page);
  await expect(frame).toBeVisible();

  // The game page's way back leads to the list the game was tapped on.
  await page.goBack();
  await expect(page).toHaveURL(/\/rng\?vassalage=PG$/);
  expect(errors).toEqual([]);
});

test('a trial opening a member page is told the rule and gets that page after registering', async ({
  page,
}) => {
  await startFreePlay(page);
  await page.goto('/member/withdraw');
  const refusal = page.getByRole('dialog', { name: 'Trial account' });
  // A full page load on a busy machine can take longer than the default 5 s.
  await expect(refusal).toBeVisible(LIST_TIMEOUT);
  await expect(refusal.getByTestId('dialog-message')).toContainText(
    'Trial accounts can browse but not play or use member pages',
  );
  await expect(page).not.toHaveURL(/\/member/);

  // OK only closes it; the refusal comes again at the next try, and Register keeps the page.
  await refusal.getByTestId('dialog-confirm').click();
  await expect(refusal).toHaveCount(0);
  await page.goto('/member/withdraw');
  await expect(refusal).toBeVisible(LIST_TIMEOUT);
  await refusal.getByTestId('dialog-action').click();
  await register(page, uniqueUsername());
  await expect(page).toHaveURL(/\/member\/withdraw$/, LIST_TIMEOUT);
  await expect(page.getByTestId('withdraw-page')).toBeVisible(LIST_TIMEOUT);
  await expect(page.getByTestId('kyc-modal')).toBeVisible(LIST_TIMEOUT);
  await verifyLater(page);
  await expect(page).toHaveURL(/\/member\/withdraw$/);
  await expect(page.getByTestId('register-success-modal')).toHaveCount(0);
});
