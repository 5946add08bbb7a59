import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { openBackOffice, operatorCall } from './operator.js';
import {
  acceptDisclaimer,
  expectMissingChunkRecovers,
  fundBySandbox,
  memberCall,
  PASSWORD,
  registerByUsername,
  uniqueUsername,
  watchConsole,
} from './support.js';

const PAYMENT_PASSWORD = '480126';
const REAL_NAME = 'Maria Santos';

/** A small real image drawn by the browser's canvas, as a data URL (receipts and ID photos). */
function picture(page: Page, colour: string): Promise<string> {
  return page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 40;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 64, 40);
    context.fillStyle = '#ffffff';
    context.fillRect(8, 8, 20, 24);
    return canvas.toDataURL('image/png');
  }, colour);
}

let requests = 0;
const requestId = (what: string) => `e2e-admin-${what}-${Date.now()}-${(requests += 1)}`;

type MemberSetup = { username: string; depositId: number; withdrawalId: number };

/**
 * A member, through the member API as its pages call it: KYC information and the three images,
 * 1,000 paid in through the sandbox gateway, 400 asked out (held), and a manual deposit of 250
 * with its receipt waiting for an operator.
 */
async function memberWithPendingMoney(page: Page): Promise<MemberSetup> {
  const username = uniqueUsername();
  await registerByUsername(page, { username });
  await memberCall(page, 'POST', '/wps/member/kyc/info', {
    idType: 1,
    payeename: REAL_NAME,
    birthday: '1988-02-11',
    address: '8 Mabini Street, Makati',
    permanentAddress: '8 Mabini Street, Makati',
    placeOfBirth: 'Iloilo City',
    nationality: 'Philippines',
    sourceOfIncome: 1,
    occupation: 6,
  });
  await memberCall(page, 'POST', '/wps/relay/identity/uploadIdImage', {
    moduleId: 'UPLOADID3',
    data: {
      idCardFront: await picture(page, '#1d4ed8'),
      idCardBack: await picture(page, '#15803d'),
      idCardSelfie: await picture(page, '#b91c1c'),
    },
  });

  await fundBySandbox(page, '1000');
  await memberCall(page, 'POST', '/wps/member/paymentPassword', {
    loginPassword: PASSWORD,
    paymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });
  const account = await memberCall(page, 'PUT', '/wps/withdraw/accounts', {
    method: 'gcash',
    accountName: REAL_NAME,
    accountNumber: '09171234567',
  });
  const withdrawal = await memberCall(page, 'PUT', '/wps/withdraw', {
    payoutAccountId: account.id,
    amount: '400',
    paymentPassword: PAYMENT_PASSWORD,
    clientRequestId: requestId('withdraw'),
  });

  const channels = (await memberCall(page, 'GET', '/wps/deposit/channels')) as unknown as {
    id: number;
    kind: string;
  }[];
  const manual = channels.find((channel) => channel.kind === 'manual');
  expect(manual, 'a manual deposit channel').toBeTruthy();
  const deposit = await memberCall(page, 'PUT', '/wps/deposit/manual', {
    channelId: manual!.id,
    amount: '250',
    reference: `REF${Date.now()}`,
    receipt: await picture(page, '#dc2626'),
    clientRequestId: requestId('deposit'),
  });

  const balance = await memberCall(page, 'GET', '/wps/v2/wallets/balance');
  expect(balance.balance).toBe('600.00');
  return { username, depositId: Number(deposit.id), withdrawalId: Number(withdrawal.id) };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

test('a new operator enrols TOTP, approves a deposit, rejects a withdrawal and approves a KYC', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await memberWithPendingMoney(page);

  // The owner (made by the documented command) creates a new operator; its password and one-time
  // enrolment code are shown once.
  const scope = (await operatorCall(page.request, 'GET', '/session/me')) as {
    scopeMerchant: { code: string };
  };
  const operatorName = `ops.${Date.now().toString(36)}`;
  const created = (await operatorCall(page.request, 'POST', '/operators', {
    username: operatorName,
    role: 'owner',
  })) as { password: string; enrolmentCode: string };

  const context = await browser.newContext();
  const admin = await context.newPage();
  const errors = watchConsole(admin);
  await admin.goto('/admin/');
  await expect(admin).toHaveURL(/\/admin\/login$/);

  // A wrong password says so and opens nothing.
  await admin.getByTestId('login-merchant').fill(scope.scopeMerchant.code);
  await admin.getByTestId('login-username').fill(operatorName);
  await admin.getByTestId('login-password').fill('not-the-password');
  await admin.getByTestId('login-submit').click();
  await expect(admin.getByTestId('login-message')).toContainText('Wrong');

  // The right password alone enrols nothing: the answer is the same.
  await admin.getByTestId('login-password').fill(created.password);
  await admin.getByTestId('login-submit').click();
  await expect(admin.getByTestId('login-message')).toContainText('Wrong');
  await expect(admin.getByTestId('totp-qr')).toHaveCount(0);

  // First sign-in with the enrolment code: the QR code and its key, confirmed with the
  // authenticator's code.
  await admin.getByTestId('login-first-sign-in').check();
  await admin.getByTestId('login-enrolment-code').fill(created.enrolmentCode);
  await admin.getByTestId('login-submit').click();
  await expect(admin.getByTestId('totp-qr')).toBeVisible();
  const secret = (await admin.getByTestId('totp-secret').textContent())!.trim();
  await admin.getByTestId('totp-code').fill('000000');
  await admin.getByTestId('totp-submit').click();
  await expect(admin.getByTestId('login-message')).toBeVisible();
  await admin.getByTestId('totp-code').fill(await generate({ secret }));
  await admin.getByTestId('totp-submit').click();
  // Signed in, the operator lands on the dashboard; the deposit queue there leads to the deposits.
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(admin.getByTestId('shell-operator')).toContainText(operatorName);
  await expect(admin.getByTestId('nav-kyc')).toBeVisible();
  await admin.getByTestId('dashboard-queue-deposits').click();
  await expect(admin).toHaveURL(/\/admin\/deposits$/);

  // The manual deposit: its receipt, then the approval credits the member once.
  const depositRow = admin.getByTestId(`deposit-row-${member.depositId}`);
  await depositRow.getByTestId(`deposit-receipt-${member.depositId}`).click();
  await expect(admin.getByTestId(`deposit-receipt-${member.depositId}-image`)).toBeVisible();
  await admin.keyboard.press('Escape');
  await depositRow.getByTestId(`deposit-approve-${member.depositId}`).click();
  await admin.getByTestId('deposit-approve-confirm').click();
  await expect(depositRow).toHaveCount(0);
  await admin.getByTestId('deposits-status').selectOption('credited');
  await expect(depositRow.getByTestId('deposit-status')).toHaveText('Credited');

  // The member's balances in the back office: 600 + 250.
  await admin.getByTestId('nav-members').click();
  await admin.getByTestId('members-search-username').fill(member.username);
  await admin.getByTestId('members-search-submit').click();
  await admin.getByTestId(`member-row-${member.username}`).getByTestId('member-open').click();
  await expect(admin.getByTestId('member-balance-main')).toHaveText('850.00');
  const memberUrl = admin.url();

  // The withdrawal is rejected with a reason; the 400 held goes back to the member.
  await admin.getByTestId('nav-withdrawals').click();
  const withdrawalRow = admin.getByTestId(`withdrawal-row-${member.withdrawalId}`);
  await withdrawalRow.getByTestId(`withdrawal-reject-${member.withdrawalId}`).click();
  await admin.getByTestId('withdrawal-reject-confirm').click();
  await expect(admin.getByTestId('withdrawal-reject-message')).toBeVisible();
  await admin.getByTestId('withdrawal-reject-reason').fill('The account name does not match.');
  await admin.getByTestId('withdrawal-reject-confirm').click();
  await expect(withdrawalRow).toHaveCount(0);
  await admin.getByTestId('withdrawals-status').selectOption('rejected');
  await expect(withdrawalRow.getByTestId('withdrawal-status')).toContainText('Rejected');
  await expect(withdrawalRow.getByTestId('withdrawal-status')).toContainText('does not match');

  await admin.goto(memberUrl);
  await expect(admin.getByTestId('member-balance-main')).toHaveText('1,250.00');
  await page.reload();
  await expect(page.getByTestId('header-balance-amount')).toHaveText('1,250.00');

  // The KYC: personal information and the three images, approved; the member sees it.
  await admin.getByTestId('nav-kyc').click();
  await admin.getByTestId(`kyc-row-${member.username}`).getByTestId('kyc-open').click();
  const review = admin.getByTestId('kyc-review');
  await expect(review.getByTestId('kyc-facts')).toContainText(REAL_NAME);
  for (const kind of ['front', 'back', 'selfie']) {
    await expect(review.getByTestId(`kyc-image-${kind}`)).toBeVisible();
  }
  await review.getByTestId('kyc-approve').click();
  await admin.getByTestId('kyc-approve-dialog-confirm').click();
  await expect(admin.getByTestId('kyc-review')).toHaveCount(0);
  await expect(admin.getByTestId(`kyc-row-${member.username}`)).toHaveCount(0);
  const security = await memberCall(page, 'GET', '/wps/v2/member/securityConfig');
  expect(security).toMatchObject({ info: { idVerification: { status: 'A' } } });

  // A payout whose answer is lost (the sandbox's account ending 0003) stays processing, the money
  // held, until the operator asks the gateway again: then it is paid, once.
  const lostAccount = await memberCall(page, 'PUT', '/wps/withdraw/accounts', {
    method: 'gcash',
    accountName: REAL_NAME,
    accountNumber: '09170000003',
  });
  const lost = await memberCall(page, 'PUT', '/wps/withdraw', {
    payoutAccountId: lostAccount.id,
    amount: '100',
    paymentPassword: PAYMENT_PASSWORD,
    clientRequestId: requestId('withdraw-lost'),
  });
  const lostId = Number(lost.id);
  await admin.getByTestId('nav-withdrawals').click();
  const lostRow = admin.getByTestId(`withdrawal-row-${lostId}`);
  await lostRow.getByTestId(`withdrawal-approve-${lostId}`).click();
  await admin.getByTestId('withdrawal-approve-confirm').click();
  await expect(admin.getByTestId('withdrawal-approve-message')).toBeVisible();
  await admin.getByTestId('withdrawal-approve').getByRole('button', { name: 'Cancel' }).click();
  await admin.getByTestId('withdrawals-status').selectOption('processing');
  await lostRow.getByTestId(`withdrawal-retry-${lostId}`).click();
  await admin.getByTestId('withdrawal-retry-confirm').click();
  await expect(admin.getByTestId('withdrawals-outcome')).toContainText('Paid');
  await expect(lostRow).toHaveCount(0);
  expect((await memberCall(page, 'GET', '/wps/v2/wallets/balance')).balance).toBe('1150.00');

  // Today's report counts the deposits and draws its charts; the audit log names the decisions.
  await admin.getByTestId('nav-reports').click();
  await expect(admin.getByTestId('report-charts').locator('canvas')).toHaveCount(3);
  await expect(admin.getByTestId('reports-total-deposits')).not.toHaveText('0');
  await admin.getByTestId('nav-audit').click();
  await admin.getByTestId('audit-filter-subjectId').fill(String(member.withdrawalId));
  await admin.getByTestId('audit-filter-action').fill('withdrawal.');
  await admin.getByTestId('audit-search').click();
  await expect(admin.getByTestId('audit-entries')).toContainText('withdrawal.reject');
  await expect(admin.getByTestId('audit-entries')).toContainText(operatorName);

  // The operators page shows a new colleague's password and one-time enrolment code once; a new
  // code for one who never enrolled (a lost or expired code) replaces it.
  await admin.getByTestId('nav-operators').click();
  const colleague = `ops.c${Date.now().toString(36)}`;
  await admin.getByTestId('operator-create-username').fill(colleague);
  await admin.getByTestId('operator-create-submit').click();
  const createdDialog = admin.getByTestId('operator-created');
  const firstCode = createdDialog.getByTestId('operator-created-enrolment-code');
  await expect(firstCode).toHaveText(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);
  const firstCodeText = (await firstCode.textContent())!;
  await createdDialog.getByRole('button', { name: 'Close' }).click();
  await admin.getByTestId(`operator-reset-totp-${colleague}`).click();
  await admin.getByTestId('operator-reset-totp-confirm').click();
  const newCode = admin
    .getByTestId('operator-enrolment-issued')
    .getByTestId('operator-issued-enrolment-code');
  await expect(newCode).toHaveText(/^[0-9a-f]{4}(-[0-9a-f]{4}){7}$/);
  await expect(newCode).not.toHaveText(firstCodeText);
  await admin
    .getByTestId('operator-enrolment-issued')
    .getByRole('button', { name: 'Close' })
    .click();

  // Signing out ends the session: the back office asks to sign in again.
  await admin.getByTestId('logout').click();
  await expect(admin).toHaveURL(/\/admin\/login$/);
  await admin.goto('/admin/deposits');
  await expect(admin).toHaveURL(/\/admin\/login$/);

  // The wrong password and the wrong first code are refused by the server (401/400 in the log),
  // and the payout whose answer was lost answers 503 once.
  expect(errors.filter((e) => !/status of (40[01]|503)/.test(e))).toEqual([]);
  await context.close();
});

test(
  'an operator switches the platform to maintenance and back; the member site follows',
  { tag: '@global' },
  async ({ page, browser }) => {
    test.setTimeout(60_000);
    await expect(page.getByTestId('home-hot')).toBeVisible({ timeout: 15_000 });

    // The platform operator's session (see operator.ts) opens the back office's system settings.
    const { context, admin } = await openBackOffice(browser, page.request);
    const errors = watchConsole(admin);
    try {
      await admin.goto('/admin/system');
      await expect(admin.getByTestId('maintenance-state')).toContainText('open');
      await admin.getByTestId('maintenance-title-en').fill('Upgrading the games');
      await admin.getByTestId('maintenance-title-tl').fill('Ina-upgrade ang mga laro');
      await admin.getByTestId('maintenance-info-en').fill('We are back within the hour.');
      await admin.getByTestId('maintenance-info-tl').fill('Babalik kami sa loob ng isang oras.');
      await admin.getByTestId('maintenance-on').click();
      await expect(admin.getByTestId('maintenance-state')).toContainText('in maintenance');

      await page.reload();
      await expect(page.getByTestId('maintenance-page')).toContainText('Upgrading the games');
      await expect(page.getByTestId('maintenance-info')).toHaveText('We are back within the hour.');

      await admin.getByTestId('maintenance-off').click();
      await expect(admin.getByTestId('maintenance-state')).toContainText('open');
      await page.reload();
      await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
      await expect(page.getByTestId('home-hot')).toBeVisible({ timeout: 15_000 });
      expect(errors).toEqual([]);
    } finally {
      // Never leave the platform closed for the journeys after this one.
      const settings = (await operatorCall(page.request, 'GET', '/system/settings')) as {
        maintenance: { enabled: boolean };
      };
      if (settings.maintenance.enabled) {
        await operatorCall(page.request, 'PUT', '/system/maintenance', {
          ...settings.maintenance,
          enabled: false,
        });
      }
      await context.close();
    }
  },
);

test(
  "an operator sets the merchant's time zone; the member site and the back office follow it",
  { tag: '@global' },
  async ({ page, browser }) => {
    const { context, admin } = await openBackOffice(browser, page.request);
    const zone = async () =>
      (
        (await (await page.request.get('/wps/system/permission')).json()) as {
          value: { timeZone: string };
        }
      ).value.timeZone;
    try {
      await admin.goto('/admin/system');
      await admin.getByTestId('system-tab-currency').click();
      const field = admin.getByTestId('time-zone');
      await expect(field).toHaveValue('Asia/Manila');
      // A name the runtime does not know is refused on the field, and nothing changes.
      await field.fill('Mars/Olympus_Mons');
      await admin.getByTestId('time-zone-save').click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(await zone()).toBe('Asia/Manila');
      await field.fill('Asia/Ho_Chi_Minh');
      await admin.getByTestId('time-zone-save').click();
      await expect(admin.getByTestId('time-zone-message')).toBeVisible();
      // The member site's start-up configuration carries it (the merchant is cached for 10 s).
      await expect.poll(zone, { timeout: 15_000 }).toBe('Asia/Ho_Chi_Minh');
      // The back office's own days are the scoped merchant's at once: the audit log's day picker.
      await admin.goto('/admin/audit');
      await expect(admin.getByTestId('audit-page')).toContainText('Asia/Ho_Chi_Minh (GMT+7)');
    } finally {
      await operatorCall(page.request, 'PUT', '/system/time-zone', { timeZone: 'Asia/Manila' });
      await context.close();
    }
  },
);

test('an operator publishes a notice and an announcement that appear on the member site', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now() % 100_000;
  const noticeTitle = `Tonight's jackpot ${stamp}`;
  const announcementTitle = `New tables open ${stamp}`;
  const { context, admin } = await openBackOffice(browser, page.request);
  const errors = watchConsole(admin);
  try {
    await admin.goto('/admin/content');
    await admin.getByTestId('content-tab-notices').click();
    await admin.getByTestId('announcement-new').click();
    await admin.getByTestId('announcement-form-title').fill(noticeTitle);
    await admin.getByTestId('announcement-form-content').fill('<p>From 20:00.</p>');
    await admin.getByTestId('announcement-form-save').click();
    await expect(admin.getByTestId('announcement-form')).toHaveCount(0);

    await admin.getByTestId('content-tab-announcements').click();
    await admin.getByTestId('announcement-new').click();
    await admin.getByTestId('announcement-form-title').fill(announcementTitle);
    // Stored XSS: the handler is removed on save, the preview shows the cleaned HTML.
    await admin
      .getByTestId('announcement-form-content')
      .fill(
        '<p>Baccarat and roulette<img src="/demo/banners/live-en.webp" onerror="window.__xss = 1"></p>',
      );
    await admin.getByTestId('announcement-form-preview').click();
    await expect(admin.getByTestId('announcement-form-preview-frame')).toBeVisible();
    await admin.getByTestId('announcement-form-save').click();
    await expect(admin.getByTestId('announcement-form')).toHaveCount(0);
    await expect(admin.getByText(announcementTitle)).toBeVisible();

    // The member site shows both at once: the cached public state was dropped by the edits.
    await page.reload();
    await expect(page.getByTestId('notice-marquee')).toContainText(noticeTitle, {
      timeout: 15_000,
    });
    await page.getByTestId('notice-marquee').click();
    const modal = page.getByTestId('announcements-modal');
    await modal.getByTestId('announcement-title').filter({ hasText: announcementTitle }).click();
    await expect(modal.getByTestId('announcement-detail')).toContainText('Baccarat and roulette');
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    // The preview frame is sandboxed: the browser refuses to run anything in it (this test's own
    // init script included) and says so; that refusal is the point, not an error of the page.
    expect(errors.filter((e) => !/sandboxed/.test(e))).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the back office names the chunk of a page whose code cannot be downloaded; reloading recovers', async ({
  page,
}) => {
  await expectMissingChunkRecovers(page, 'login-route', {
    open: async () => {
      await page.goto('/admin/login');
    },
    alert: page.getByTestId('route-error'),
    recovered: page.getByTestId('login-username'),
  });
});
