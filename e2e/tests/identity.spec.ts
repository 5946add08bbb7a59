import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  acceptDisclaimer,
  answerCaptcha,
  PASSWORD,
  registerByUsername,
  uniqueUsername,
  verifyLater,
  watchConsole,
} from './support.js';

const NEW_PASSWORD = 'Changed-Pass-2025';

let sequence = 0;

/** A Philippine mobile number (9 and nine digits) no other run has registered. */
function uniqueMobile(): string {
  sequence += 1;
  const digits = `${Date.now()}${sequence}`.slice(-9);
  return `9${digits}`;
}

/** The newest message the development outbox holds for a destination (phone or email). */
async function lastMessage(request: APIRequestContext, destination: string): Promise<string> {
  let body = '';
  await expect
    .poll(async () => {
      const response = await request.get(
        `/admin/api/dev/outbox?destination=${encodeURIComponent(destination)}`,
      );
      const messages = (await response.json()).value as { body: string }[];
      body = messages[0]?.body ?? '';
      return body;
    })
    .not.toBe('');
  return body;
}

/** The 6-digit code of the newest SMS sent to +63<mobile>. */
async function smsCode(request: APIRequestContext, mobile: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await lastMessage(request, `+63${mobile}`))?.[1];
  expect(code).toBeTruthy();
  return code!;
}

/** Opens the feedback entry of the side menu, which is a drawer on a phone. */
async function openSideMenuEntry(page: Page, testId: string): Promise<void> {
  const opener = page.getByTestId('side-menu-open');
  if (await opener.isVisible()) await opener.click();
  await page.getByTestId(testId).click();
}

/** Logs out through the avatar menu and its confirmation. */
async function logOut(page: Page): Promise<void> {
  await page.getByTestId('header-account').click();
  await page.getByTestId('account-menu-logout').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

/** Logs in with username and password from the login modal. */
async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const modal = page.getByTestId('login-modal');
  await modal.getByTestId('login-username').fill(username);
  await modal.getByTestId('login-password').fill(password);
  await modal.getByTestId('login-terms').check();
  await modal.getByTestId('login-submit').click();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

test('a new user registers by username, shows up in the header and lands home', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const username = uniqueUsername();
  await page.goto('/register');
  const modal = page.getByTestId('register-modal');

  // Nothing filled in: every required field says so, and the unticked terms warn.
  await modal.getByTestId('register-submit').click();
  await expect(modal.getByTestId('register-username-error')).toBeVisible();
  await expect(modal.getByTestId('register-terms-error')).toBeVisible();

  // The field rule's own message, with its lengths.
  await modal.getByTestId('register-username').fill('1abc');
  await modal.getByTestId('register-submit').click();
  await expect(modal.getByTestId('register-username-error')).toContainText('6');

  // Password strength: 3 bars for all four classes and 13+ characters, 1 for a weak one.
  await modal.getByTestId('register-password').fill('weakpass');
  await expect(modal.getByTestId('password-strength')).toHaveAttribute('data-level', '1');
  await modal.getByTestId('register-password').fill(PASSWORD);
  await expect(modal.getByTestId('password-strength')).toHaveAttribute('data-level', '3');
  await modal.getByTestId('register-confirmPassword').fill(`${PASSWORD}x`);
  await modal.getByTestId('register-submit').click();
  await expect(modal.getByTestId('register-confirmPassword-error')).toBeVisible();

  await registerByUsername(page, { username });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  await expect(page.getByTestId('header-deposit')).toHaveAttribute('href', '/member/depositv2');
  await expect(page.getByTestId('header-withdraw')).toHaveAttribute('href', '/member/withdraw');
  await page.getByTestId('header-account').click();
  await expect(page.getByTestId('account-menu-name')).toHaveText(username);
  await expect(page.getByTestId('account-menu-points')).toBeVisible();
  await expect(page.getByTestId('account-menu-agent')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('registering a taken username shows the error under the field', async ({ page }) => {
  const username = uniqueUsername();
  await registerByUsername(page, { username });
  await logOut(page);
  await page.goto('/register');
  const modal = page.getByTestId('register-modal');
  await modal.getByTestId('register-username').fill(username);
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();
  await expect(modal.getByTestId('register-username-error')).toBeVisible();
  await expect(page.getByTestId('register-success-modal')).toHaveCount(0);
});

test('an invalid affiliate code in the link stops registration with a dialog', async ({ page }) => {
  await page.goto('/register?affiliateCode=NOSUCHCODE');
  const modal = page.getByTestId('register-modal');
  // An invalid code is shown so it can be corrected.
  await expect(modal.getByTestId('register-affiliateCode')).toHaveValue('NOSUCHCODE');
  await modal.getByTestId('register-username').fill(uniqueUsername());
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();
  await expect(page.getByTestId('alert-dialog')).toBeVisible();
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByTestId('alert-dialog')).toHaveCount(0);
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('header-login')).toBeVisible();
});

test('a new user registers by mobile with the code from the SMS', async ({ page, request }) => {
  const errors = watchConsole(page);
  const mobile = uniqueMobile();
  await page.goto('/register');
  const modal = page.getByTestId('register-modal');
  await modal.getByTestId('register-tab-mobile').click();
  // Next step stays disabled while the mobile number is empty.
  await expect(modal.getByTestId('register-submit')).toBeDisabled();
  await modal.getByTestId('register-username').fill(uniqueUsername());
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  await modal.getByTestId('register-mobileNum').fill(mobile);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();

  const codeModal = page.getByTestId('sms-code-modal');
  await expect(codeModal).toBeVisible();
  // The next code can be asked for after expiredMinutes x 60 s.
  await expect(codeModal.getByTestId('sms-code-countdown')).toContainText(/[45]:\d\d/);
  const code = await smsCode(request, mobile);
  await codeModal.getByTestId('sms-code-input').fill(code.slice(0, 5));
  await expect(codeModal.getByTestId('sms-code-submit')).toBeDisabled();
  await codeModal.getByTestId('sms-code-input').fill(code);
  await codeModal.getByTestId('sms-code-submit').click();
  await expect(page.getByTestId('register-success-modal')).toBeVisible();
  await page.getByTestId('register-success-play').click();
  await expect(page.getByTestId('header-account')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a member whose mobile an SMS code proved logs in with an SMS code', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  await page.goto('/register');
  const modal = page.getByTestId('register-modal');
  // A number typed at username registration is unproved and serves no SMS login (decision 017).
  await modal.getByTestId('register-tab-mobile').click();
  await modal.getByTestId('register-username').fill(uniqueUsername());
  await modal.getByTestId('register-password').fill(PASSWORD);
  await modal.getByTestId('register-confirmPassword').fill(PASSWORD);
  await modal.getByTestId('register-mobileNum').fill(mobile);
  await answerCaptcha(modal, 'register-captcha');
  await modal.getByTestId('register-terms').check();
  await modal.getByTestId('register-submit').click();
  const codeModal = page.getByTestId('sms-code-modal');
  await expect(codeModal).toBeVisible();
  await codeModal.getByTestId('sms-code-input').fill(await smsCode(request, mobile));
  await codeModal.getByTestId('sms-code-submit').click();
  await page.getByTestId('register-success-play').click();
  await verifyLater(page);
  await logOut(page);

  await page.goto('/login');
  const login = page.getByTestId('login-modal');
  await login.getByTestId('login-tab-sms').click();
  await login.getByTestId('login-sms-mobile').fill(mobile);
  await answerCaptcha(login, 'login-sms-captcha');
  await login.getByTestId('login-sms-send').click();
  await expect(login.getByTestId('login-message')).toContainText(mobile);
  await expect(login.getByTestId('login-sms-send')).toBeDisabled();
  await login.getByTestId('login-sms-code').fill(await smsCode(request, mobile));
  await login.getByTestId('login-terms').check();
  await login.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page.getByTestId('header-account')).toBeVisible();
});

test('a member logs in, sees the header change and logs out after confirming', async ({ page }) => {
  const username = uniqueUsername();
  await registerByUsername(page, { username });
  await logOut(page);

  // A wrong password is refused with the server's reason; the modal stays.
  await logIn(page, username, 'Wrong-Password-1');
  await expect(page.getByTestId('login-message')).toBeVisible();
  await expect(page.getByTestId('login-modal')).toBeVisible();

  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  await expect(page.getByTestId('header-deposit')).toBeVisible();
  // Mandatory KYC asks again at every login until it is done.
  await verifyLater(page);

  // Cancelling the confirmation keeps the member logged in.
  await page.getByTestId('header-account').click();
  await page.getByTestId('account-menu-logout').click();
  await expect(page.getByTestId('dialog-message')).toBeVisible();
  await page.getByTestId('dialog-cancel').click();
  await expect(page.getByTestId('header-deposit')).toBeVisible();

  await page.goto('/help');
  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  // The remembered-login cookie never holds the password.
  const cookies = await page.context().cookies();
  expect(JSON.stringify(cookies)).not.toContain(PASSWORD);
});

test('a temporary password from the forgot-by-email flow forces a password change', async ({
  page,
  request,
}) => {
  // Register, forget, sign in twice and change the password: a long journey (30 s on a loaded machine).
  test.setTimeout(60_000);
  const username = uniqueUsername();
  const email = `${username}@example.com`;
  await registerByUsername(page, { username, email });
  await logOut(page);

  await page.goto('/login');
  await page.getByTestId('login-forgot').click();
  const forgot = page.getByTestId('forgot-modal');
  await expect(forgot).toBeVisible();
  await forgot.getByTestId('forgot-username').fill(username);
  await forgot.getByTestId('forgot-email').fill('someone-else@example.com');
  await forgot.getByTestId('forgot-submit').click();
  await expect(forgot.getByTestId('forgot-message')).toBeVisible();
  await forgot.getByTestId('forgot-email').fill(email);
  await forgot.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('alert-dialog')).toBeVisible();
  await page.getByTestId('dialog-confirm').click();
  await expect(forgot).toHaveCount(0);

  const temporary = /password is ([A-Za-z0-9_-]+)\./.exec(await lastMessage(request, email))?.[1];
  expect(temporary).toBeTruthy();
  await logIn(page, username, temporary!);

  const change = page.getByTestId('change-password-modal');
  await expect(change).toBeVisible();
  await expect(change.getByTestId('change-password-forced')).toBeVisible();
  // It cannot be closed, and the password just typed is not asked for again.
  await expect(change.getByTestId('modal-close')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(change).toBeVisible();
  await expect(change.getByTestId('change-password-username')).toHaveValue(username);
  await expect(change.getByTestId('change-password-old')).toHaveCount(0);
  await expect(page.getByTestId('header-login')).toBeVisible();

  await change.getByTestId('change-password-new').fill(NEW_PASSWORD);
  await change.getByTestId('change-password-confirm').fill(`${NEW_PASSWORD}!`);
  await change.getByTestId('change-password-submit').click();
  await expect(change.getByTestId('change-password-confirm-error')).toBeVisible();
  await change.getByTestId('change-password-confirm').fill(NEW_PASSWORD);
  await change.getByTestId('change-password-submit').click();
  await expect(change).toHaveCount(0);
  await expect(page.getByTestId('header-deposit')).toBeVisible();
  await verifyLater(page);

  await logOut(page);
  await logIn(page, username, NEW_PASSWORD);
  await expect(page.getByTestId('header-deposit')).toBeVisible();
  await expect(page.getByTestId('change-password-modal')).toHaveCount(0);
});

test('free play gives a trial account that member pages turn away', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-free-play').click();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  // The login page gives way to home; the avatar menu closes on navigation, so wait for it.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('header-account')).toBeVisible();

  await page.getByTestId('header-account').click();
  await page.getByTestId('account-menu-securityCenter').click();
  const dialog = page.getByTestId('alert-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('real account');
  await page.getByTestId('dialog-confirm').click();
  await expect(page).not.toHaveURL(/\/member/);
  await expect(page.getByTestId('security-centre')).toHaveCount(0);

  // Opening a member page directly is turned away too.
  await page.goto('/member/withdraw');
  await expect(page.getByTestId('alert-dialog')).toBeVisible();
  await expect(page).not.toHaveURL(/\/member/);
});

test('feedback names the missing fields, then is sent and closes', async ({ page }) => {
  const errors = watchConsole(page);
  await openSideMenuEntry(page, 'side-feedback');
  const modal = page.getByTestId('feedback-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('feedback-captcha-image').locator('img')).toBeVisible();

  await modal.getByTestId('feedback-submit').click();
  const warning = modal.getByTestId('feedback-warning');
  await expect(warning).toContainText('Question type');
  await expect(warning).toContainText('Description');
  await expect(warning).toContainText('Captcha');

  await modal.getByTestId('feedback-type').selectOption('withdraw_issues');
  await modal.getByTestId('feedback-content').fill('   Too short   ');
  await expect(modal.getByTestId('feedback-counter')).toHaveText('9/200');
  await answerCaptcha(modal, 'feedback-captcha');
  await modal.getByTestId('feedback-submit').click();
  await expect(modal.getByTestId('feedback-content-error')).toBeVisible();

  await modal
    .getByTestId('feedback-content')
    .fill('My withdrawal has been pending for two days, please check it.');
  await modal.getByTestId('feedback-submit').click();
  await expect(modal).toHaveCount(0);
  // The thanks is an information (its own title, one OK), not a question to confirm.
  const thanks = page.getByRole('dialog', { name: 'Thank you' });
  await expect(thanks).toBeVisible();
  await expect(page.getByTestId('alert-dialog')).toBeVisible();
  await expect(thanks.getByTestId('dialog-message')).toHaveText(
    'Thank you. Your feedback was sent to customer service.',
  );
  await expect(thanks).not.toContainText('Please confirm');
  await expect(thanks.getByTestId('dialog-cancel')).toHaveCount(0);
  await thanks.getByTestId('dialog-confirm').click();
  await expect(thanks).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the security centre shows the account and sets the payment password', async ({ page }) => {
  const username = uniqueUsername();
  await registerByUsername(page, { username });
  await page.getByTestId('header-account').click();
  await page.getByTestId('account-menu-securityCenter').click();
  const centre = page.getByTestId('security-centre');
  await expect(centre.getByTestId('security-account')).toHaveText(username);

  await centre.getByTestId('security-paymentPassword-edit').click();
  await centre.getByTestId('payment-login-password').fill(PASSWORD);
  await centre.getByTestId('payment-password').fill('123456');
  await centre.getByTestId('payment-password-confirm').fill('123456');
  await centre.getByTestId('payment-password-save').click();
  await expect(centre.getByTestId('security-paymentPassword-value')).toHaveText('Set');

  await centre.getByTestId('security-avatar-toggle').click();
  await centre.getByTestId('security-avatar-5').click();
  await expect(centre.getByTestId('security-avatar-5')).toHaveCount(0);

  await expect(centre.getByTestId('login-history')).toContainText('Registered');
});

test('an authenticator app linked in the security centre verifies a login from a new network', async ({
  page,
}) => {
  const username = uniqueUsername();
  await registerByUsername(page, { username });
  await page.getByTestId('header-account').click();
  await page.getByTestId('account-menu-securityCenter').click();
  const centre = page.getByTestId('security-centre');

  await centre.getByTestId('security-authenticator-edit').click();
  await centre.getByTestId('authenticator-password').fill('Not-My-Password-1');
  await centre.getByTestId('authenticator-start').click();
  await expect(centre.getByTestId('authenticator-password')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await centre.getByTestId('authenticator-password').fill(PASSWORD);
  await centre.getByTestId('authenticator-start').click();
  await expect(centre.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await centre.getByTestId('authenticator-secret').textContent())!.trim();
  // The member's phone: the app computes the code from the secret it scanned.
  await centre.getByTestId('authenticator-link-code').fill(await generate({ secret }));
  await centre.getByTestId('authenticator-link-submit').click();
  await expect(centre.getByTestId('security-authenticator-value')).toHaveText('Linked');

  await logOut(page);
  // The same member, now on another network (the server trusts the proxy header in this run).
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.77' });
  await logIn(page, username, PASSWORD);
  const step = page.getByTestId('second-verification');
  await expect(step).toBeVisible();
  await expect(step.getByTestId('second-verification-send')).toHaveCount(0);
  await step
    .getByTestId('second-verification-answer')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await step.getByTestId('second-verification-submit').click();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page.getByTestId('header-account')).toBeVisible();
  await verifyLater(page);
});
