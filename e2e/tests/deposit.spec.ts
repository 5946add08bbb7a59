import { expect, test, type Page } from '@playwright/test';
import { operatorCall, operatorToken } from './operator.js';
import { acceptDisclaimer, registerByUsername, uniqueUsername, watchConsole } from './support.js';

/** A small PNG "photo" of a payment receipt (8x8, red), as a phone screenshot would be sent. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGO4oKCAFTEMLQkAvk5EAfjoixEAAAAASUVORK5CYII=',
  'base64',
);

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

/** From the header's deposit button to the deposit page. */
async function openDepositPage(page: Page): Promise<void> {
  await page.getByTestId('header-deposit').click();
  await expect(page).toHaveURL(/\/member\/depositv2$/);
  await expect(page.getByTestId('deposit-form')).toBeVisible();
}

/** Sends a manual GCash deposit of `amount` with a receipt; returns the deposit id. */
async function sendManualDeposit(page: Page, amount: string, reference: string): Promise<number> {
  await page.locator('[data-testid^="deposit-channel-"][data-name="GCash"]').click();
  const payee = page.getByTestId('deposit-payee');
  await expect(payee.getByTestId('deposit-payee-account')).not.toBeEmpty();
  await expect(payee.getByTestId('deposit-copy-account')).toBeVisible();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-reference').fill(reference);
  await page
    .getByTestId('deposit-receipt')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
  await expect(page.getByTestId('deposit-receipt-preview')).toBeVisible();
  // A double click sends one deposit.
  await page.getByTestId('deposit-submit').dblclick();
  await expect(page).toHaveURL(/[?&]deposit=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('deposit'));
  await expect(page.getByTestId('deposit-result-status')).toHaveText('Pending');
  const history = page.getByTestId('deposit-history');
  await expect(history.getByTestId(`deposit-row-${id}`)).toBeVisible();
  await expect(
    history.locator('[data-testid^="deposit-row-"]').filter({ hasText: reference }),
  ).toHaveCount(1);
  return id;
}

test('online: a new member deposits through the sandbox gateway and sees the balance', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() });
  await expect(page.getByTestId('header-balance-amount')).toHaveText('0.00');
  await openDepositPage(page);

  // Channels are grouped by method, each with its limits.
  await expect(page.getByTestId('deposit-group-gcash')).toBeVisible();
  await expect(page.getByTestId('deposit-group-bank')).toBeVisible();
  await page.locator('[data-testid^="deposit-channel-"][data-kind="online"]').first().click();
  await expect(page.getByTestId('deposit-payee')).toHaveCount(0);

  // Out of range is refused with the limits before anything is sent.
  await page.getByTestId('deposit-amount').fill('1');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-amount-error')).toContainText('100.00');
  await page.getByTestId('deposit-amount').fill('250.50');
  await page.getByTestId('deposit-submit').click();

  await expect(page).toHaveURL(/\/sandbox-pay\/checkout\//);
  await page.getByTestId('sandbox-pay').click();

  await expect(page).toHaveURL(/\/member\/depositv2\?deposit=\d+/);
  await expect(page.getByTestId('deposit-page')).toBeVisible();
  await expect(page.getByTestId('deposit-result-status')).toHaveText('Credited');
  await expect(page.getByTestId('deposit-result-text')).toContainText('250.50');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('250.50');
  const id = new URL(page.url()).searchParams.get('deposit');
  await expect(page.getByTestId(`deposit-row-${id}`).getByTestId('deposit-row-status')).toHaveText(
    'Credited',
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('online: a deposit paid while its list is open turns Credited there without a reload', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() });
  await openDepositPage(page);
  await page.locator('[data-testid^="deposit-channel-"][data-kind="online"]').first().click();
  await page.getByTestId('deposit-amount').fill('320');
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/sandbox-pay\/checkout\//);
  // The gateway's page names the platform's order: the deposit's id.
  const depositId = Number(
    await page.locator('p', { hasText: 'Order:' }).locator('strong').textContent(),
  );
  expect(depositId).toBeGreaterThan(0);
  const checkout = new URL(page.url()).pathname;

  // The member leaves the gateway's page unpaid and opens the deposit page again: the deposit
  // waits in the list; the page's live socket is open.
  const frames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
  );
  await page.goto('/member/depositv2');
  const row = page.getByTestId(`deposit-row-${depositId}`);
  await expect(row.getByTestId('deposit-row-status')).toHaveText('Pending');
  await expect.poll(() => frames.some((frame) => JSON.parse(frame).type === 'ready')).toBe(true);

  // The payment completes elsewhere (the wallet app on the phone): the gateway's callback
  // credits it, the socket tells the page, and the open list shows it.
  const paid = await request.post(`${checkout}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(() => frames.map((frame) => JSON.parse(frame) as unknown))
    .toContainEqual({ type: 'deposit', depositId, status: 'credited' });
  await expect(row.getByTestId('deposit-row-status')).toHaveText('Credited');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('320.00');
  expect(errors).toEqual([]);
});

test('manual: the operator approves the receipt and the header balance updates live', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() });
  await openDepositPage(page);
  const id = await sendManualDeposit(page, '500', `GC-${Date.now()}`);
  await expect(page.getByTestId('header-balance-amount')).toHaveText('0.00');

  // The operator sees the receipt the member uploaded (re-encoded as JPEG) before approving.
  const receipt = await request.get(`/admin/api/deposits/${id}/receipt`, {
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
  });
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toBe('image/jpeg');
  expect([...(await receipt.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

  const approved = (await operatorCall(request, 'POST', `/deposits/${id}/approve`)) as {
    status: string;
  };
  expect(approved.status).toBe('credited');

  // No reload: the socket pushes the balance, the page's poll sees the credit.
  await expect(page.getByTestId('header-balance-amount')).toHaveText('500.00');
  await expect(page.getByTestId('deposit-result-status')).toHaveText('Credited');
  await expect(page.getByTestId(`deposit-row-${id}`).getByTestId('deposit-row-status')).toHaveText(
    'Credited',
  );
  expect(errors).toEqual([]);
});

test('manual: a rejected deposit shows the operator’s reason', async ({ page, request }) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() });
  await openDepositPage(page);
  const id = await sendManualDeposit(page, '300.00', `GC-${Date.now()}`);

  const reason = 'The receipt does not show the reference number.';
  await operatorCall(request, 'POST', `/deposits/${id}/reject`, { reason });

  await expect(page.getByTestId('deposit-result-status')).toHaveText('Rejected');
  await expect(page.getByTestId('deposit-result-text')).toContainText(reason);
  const row = page.getByTestId(`deposit-row-${id}`);
  await expect(row.getByTestId('deposit-row-status')).toHaveText('Rejected');
  await expect(row.getByTestId('deposit-row-reason')).toContainText(reason);
  await expect(page.getByTestId('header-balance-amount')).toHaveText('0.00');

  // Still there after a reload, in the list.
  await page.reload();
  await expect(
    page.getByTestId(`deposit-row-${id}`).getByTestId('deposit-row-reason'),
  ).toContainText(reason);
  expect(errors).toEqual([]);
});
