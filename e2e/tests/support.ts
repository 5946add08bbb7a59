import { expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';

/** Collects console errors and uncaught exceptions of a page; assert it stays empty. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * A page whose code chunk `chunk` (the file name before its hash) is answered 404, as after a
 * release replaced the files: `open` reaches the page, whose error screen `alert` then names the
 * chunk and why, the console reports it, and the reload button, once the chunk is back, shows
 * `recovered`.
 */
export async function expectMissingChunkRecovers(
  page: Page,
  chunk: string,
  { open, alert, recovered }: { open: () => Promise<void>; alert: Locator; recovered: Locator },
): Promise<void> {
  const errors = watchConsole(page);
  const file = new RegExp(`/assets/${chunk}-[^/]+\\.js$`);
  await page.route(file, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await open();
  await expect(alert).toContainText(chunk);
  await expect(alert).toContainText('it could not be downloaded');
  expect(errors.some((text) => text.startsWith(`Chunk load failed: ${chunk} (missing)`))).toBe(
    true,
  );
  await page.unroute(file);
  await alert.getByRole('button').click();
  await expect(recovered).toBeVisible();
}

/** Accepts the disclaimer that every new browser session sees first. */
export async function acceptDisclaimer(page: Page): Promise<void> {
  await page.getByTestId('disclaimer-accept').click();
  await expect(page.getByTestId('disclaimer-accept')).toBeHidden();
}

/**
 * Scrolls the home page down until every section has been mounted (the rows after the hot row
 * come in as a visitor scrolls near them), then back to the top.
 */
export async function revealHomeSections(page: Page): Promise<void> {
  const edge = page.getByTestId('reveal-edge');
  await expect(edge.or(page.getByTestId('home-app-download')).first()).toBeAttached({
    timeout: 20_000,
  });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(edge).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A strong password (four character classes, 13+ characters): the demo merchant's rule. */
export const PASSWORD = 'Journey-Pass-2024';

let usernames = 0;

/** A username no other run or project has used: starts with a letter, 6 to 16 characters. */
export function uniqueUsername(): string {
  usernames += 1;
  return `u${Date.now().toString(36)}${usernames}`.slice(0, 16);
}

/**
 * Answers a captcha once its image has loaded, as a person would (the test aid makes every
 * captcha accept "test"; an answer sent before the image arrived belongs to no captcha).
 */
export async function answerCaptcha(scope: Locator, testId: string): Promise<void> {
  await expect(scope.getByTestId(`${testId}-image`).locator('img')).toBeVisible();
  await scope.getByTestId(testId).fill('test');
}

type Account = { username: string; email?: string };

/** A server answer on a machine shared with other runs can take longer than the default 5 s. */
const SERVER_ANSWER = { timeout: 30_000 };

/**
 * Registers by username through the register modal and closes the success modal. The demo
 * merchant has mandatory KYC on, so the KYC modal opens next; unless the journey is about KYC
 * (`keepKycOpen`), it is answered with "verify later".
 */
export async function registerByUsername(
  page: Page,
  account: Account,
  { keepKycOpen = false } = {},
): Promise<void> {
  await page.goto('/register');
  const modal = page.getByTestId('register-modal');
  // A full page load on a busy machine can take longer than the default 5 s.
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await modal.getByTestId('register-username').fill(account.username);
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  if (account.email) await modal.getByTestId('register-email').fill(account.email);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success-modal')).toBeVisible(SERVER_ANSWER);
  await expect(page.getByTestId('register-modal')).toHaveCount(0);
  await page.getByTestId('register-success-play').click();
  await expect(page.getByTestId('register-success-modal')).toHaveCount(0);
  if (!keepKycOpen) await verifyLater(page);
}

/** The password an account an agent created sets at its first login (issue 18). */
export const OWN_PASSWORD = 'Own-Journey-Pass-2025';

/**
 * The forced change after the first login of an account an agent created: the modal cannot be
 * closed and does not ask again for the password just typed; the new one is set.
 */
export async function changeForcedPassword(page: Page, newPassword = OWN_PASSWORD): Promise<void> {
  const change = page.getByTestId('change-password-modal');
  await expect(change).toBeVisible();
  await expect(change.getByTestId('change-password-forced')).toBeVisible();
  await change.getByTestId('change-password-new').fill(newPassword);
  await change.getByTestId('change-password-confirm').fill(newPassword);
  await change.getByTestId('change-password-submit').click();
  await expect(change).toHaveCount(0);
}

/** Answers the KYC modal that opens after a member logs in with "verify later". */
export async function verifyLater(page: Page): Promise<void> {
  const kyc = page.getByTestId('kyc-modal');
  await expect(kyc).toBeVisible(SERVER_ANSWER);
  await kyc.getByTestId('kyc-verify-later').click();
  await expect(kyc).toHaveCount(0);
}

/** SQL on the platform's database; only when the journeys run on PostgreSQL. */
export const operatorDatabaseUrl = process.env.E2E_DATABASE_URL;

export async function operatorSql(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: operatorDatabaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

// Operator actions in journeys (approve a deposit or withdrawal...): use operatorCall and
// operatorToken of ./operator.ts, which sign in the operator created before the server starts.

/** The member API as the signed-in page calls it (its session token); fails on an error answer. */
export async function memberCall(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { success: boolean; value: Record<string, unknown> };
  expect(body.success, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

let fundings = 0;

/**
 * Funds the signed-in member through the sandbox gateway's API, for journeys about something
 * else (the deposit journeys go through the screens).
 */
export async function fundBySandbox(page: Page, amount: string): Promise<void> {
  const channels = (await memberCall(page, 'GET', '/wps/deposit/channels')) as unknown as {
    id: number;
    kind: string;
  }[];
  const online = channels.find((channel) => channel.kind === 'online');
  expect(online, 'an online deposit channel').toBeTruthy();
  fundings += 1;
  const created = await memberCall(page, 'PUT', '/wps/deposit/online', {
    channelId: online!.id,
    amount,
    clientRequestId: `e2e-fund-${Date.now()}-${fundings}`,
  });
  const checkout = new URL(String(created.redirectUrl), 'http://localhost').pathname;
  const paid = await page.request.post(`${checkout}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
}
