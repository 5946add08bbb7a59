import { expect, test } from '@playwright/test';
import { operatorCall } from './operator.js';
import {
  acceptDisclaimer,
  memberCall,
  PASSWORD,
  registerByUsername,
  uniqueUsername,
  watchConsole,
} from './support.js';

const PAYMENT_PASSWORD = '480126';
const REAL_NAME = 'Juana Dela Cruz';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

test('a member binds an account, withdraws, the operator pays it out and the member confirms', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() });
  // KYC step 1, as the KYC modal saves it: payout accounts must carry this name.
  await memberCall(page, 'POST', '/wps/member/kyc/info', {
    idType: 1,
    payeename: REAL_NAME,
    birthday: '1990-05-17',
    address: '12 Rizal Street, Quezon City',
    permanentAddress: '12 Rizal Street, Quezon City',
    placeOfBirth: 'Cebu City',
    nationality: 'Philippines',
    sourceOfIncome: 1,
    occupation: 6,
  });

  // Money in through the deposit page and the sandbox gateway's checkout, as a member would.
  await page.getByTestId('header-deposit').click();
  await page.locator('[data-testid^="deposit-channel-"][data-kind="online"]').first().click();
  await page.getByTestId('deposit-amount').fill('1000');
  await page.getByTestId('deposit-submit').click();
  await expect(page).toHaveURL(/\/sandbox-pay\/checkout\//);
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('deposit-result-status')).toHaveText('Credited');
  const headerAmount = page.getByTestId('header-balance-amount');
  await expect(headerAmount).toHaveText('1,000.00');

  // The withdraw page sends a member without a payment password to the security centre.
  await page.getByTestId('header-withdraw').click();
  await expect(page).toHaveURL(/\/member\/withdraw$/);
  await page.getByTestId('withdraw-set-payment-password').click();
  await page.getByTestId('security-paymentPassword-edit').click();
  await page.getByTestId('payment-login-password').fill(PASSWORD);
  await page.getByTestId('payment-password').fill(PAYMENT_PASSWORD);
  await page.getByTestId('payment-password-confirm').fill(PAYMENT_PASSWORD);
  await page.getByTestId('payment-password-save').click();
  await expect(page.getByTestId('payment-password')).toHaveCount(0);

  await page.goto('/member/withdraw');
  await expect(page.getByTestId('withdraw-balance')).toContainText('1,000.00');

  // No account yet: the add form is open, with the KYC name filled in and hinted.
  const accountForm = page.getByTestId('withdraw-account-form');
  await expect(accountForm.getByTestId('withdraw-account-name')).toHaveValue(REAL_NAME);
  await accountForm.getByTestId('withdraw-account-name').fill('Someone Else');
  await accountForm.getByTestId('withdraw-account-number').fill('09171234567');
  await accountForm.getByTestId('withdraw-account-save').click();
  await expect(accountForm.getByTestId('withdraw-account-message')).toContainText('verified name');
  await accountForm.getByTestId('withdraw-account-name').fill(REAL_NAME.toUpperCase());
  await accountForm.getByTestId('withdraw-account-save').click();
  const accounts = page.getByTestId('withdraw-accounts');
  await expect(accounts.getByTestId('withdraw-account-radio')).toHaveCount(1);
  await expect(accounts.getByTestId('withdraw-account-radio')).toBeChecked();

  // Over the maximum: a clear message, nothing moves.
  const form = page.getByTestId('withdraw-form');
  await form.getByTestId('withdraw-amount').fill('60000');
  await form.getByTestId('withdraw-payment-password').fill(PAYMENT_PASSWORD);
  await form.getByTestId('withdraw-submit').click();
  await expect(form.getByTestId('withdraw-amount-error')).toContainText('50,000.00');

  // A double click requests one withdrawal; the amount is held at once.
  await form.getByTestId('withdraw-amount').fill('400');
  await form.getByTestId('withdraw-submit').dblclick();
  await expect(form.getByTestId('withdraw-message')).toContainText('400.00');
  await expect(headerAmount).toHaveText('600.00');
  const history = page.getByTestId('withdraw-history');
  await expect(history.locator('li')).toHaveCount(1);
  const row = history.locator('li').first();
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Waiting for approval');

  // The operator approves through the admin API; the sandbox pays out at once.
  const list = (await memberCall(page, 'GET', '/wps/withdraw/list')) as unknown as {
    items: { id: number }[];
  };
  const id = list.items[0]!.id;
  const approved = (await operatorCall(page.request, 'POST', `/withdrawals/${id}/approve`)) as {
    status: string;
  };
  expect(approved.status).toBe('paid');

  await page.reload();
  const paidRow = page.getByTestId(`withdraw-row-${id}`);
  await expect(paidRow.getByTestId('withdraw-row-status')).toHaveText('Paid out');
  await paidRow.getByTestId('withdraw-receipt-received').click();
  await expect(paidRow.getByTestId('withdraw-row-receipt')).toContainText('Received');
  await expect(paidRow.getByTestId('withdraw-receipt')).toHaveCount(0);
  await expect(page.getByTestId('header-balance-amount')).toHaveText('600.00');

  // The page fits a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The browser logs the refused calls (wrong name, over the maximum); nothing else went wrong.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});
