import { expect, test } from '@playwright/test';
import {
  acceptDisclaimer,
  fundBySandbox,
  memberCall,
  registerByUsername,
  uniqueUsername,
  verifyLater,
  watchConsole,
} from './support.js';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

test('a member reads the account record, profit and loss and bonus details', async ({ page }) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() });
  await fundBySandbox(page, '1000');
  await expect(page.getByTestId('header-balance-amount')).toHaveText('1,000.00');
  // Twenty moves to a game wallet and back: with the deposit, 21 rows, two pages of 20.
  const wallet = await memberCall(page, 'GET', '/wps/v2/wallets/merchant');
  const vendor = (wallet.transferWallets as { wallet: string }[])[0]!.wallet;
  for (let i = 0; i < 10; i += 1) {
    for (const [from, to] of [
      ['main', vendor],
      [vendor, 'main'],
    ]) {
      await memberCall(page, 'POST', '/wps/v2/wallets/transfer', {
        from,
        to,
        amount: '12.50',
        clientRequestId: `e2e-records-${Date.now()}-${i}-${from}`,
      });
    }
  }

  await page.goto('/member/transactionHistory');
  const history = page.getByTestId('transaction-history');
  const rows = history.getByTestId('transaction-row');
  await expect(rows).toHaveCount(20);
  await expect(history.getByTestId('transactions-page')).toContainText('21');
  await expect(rows.first().getByTestId('transaction-amount')).toHaveText('₱12.50');
  await history.getByTestId('transactions-next').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('transaction-amount')).toHaveText('₱1,000.00');
  await expect(rows.first().getByTestId('transaction-type')).toHaveText('Deposit');

  // Type filter: only the wallet transfers out, which go out of the main wallet.
  await history.getByTestId('transactions-type').selectOption('deposit');
  await expect(rows).toHaveCount(1);
  await expect(history.getByTestId('transactions-total-in')).toHaveText('₱1,000.00');
  await history.getByTestId('transactions-type').selectOption('wallet');
  await expect(rows).toHaveCount(20);
  await expect(history.getByTestId('transactions-total-out')).toHaveText('-₱125.00');

  // The 7 days before this week hold nothing; "next 7 days" comes back to this week.
  await expect(history.getByTestId('transactions-preset-next7')).toBeDisabled();
  await history.getByTestId('transactions-preset-previous7').click();
  await expect(history.getByTestId('empty-state')).toBeVisible();
  await history.getByTestId('transactions-preset-next7').click();
  await expect(rows).toHaveCount(20);
  await history.getByTestId('transactions-preset-previous30').click();
  await expect(rows).toHaveCount(20);

  await page.goto('/member/personalProfit');
  const profit = page.getByTestId('personal-profit');
  await expect(profit.getByTestId('profit-deposit')).toHaveText('₱1,000.00');
  await expect(profit.getByTestId('profit-total')).toHaveText('₱0.00');
  await expect(profit.getByTestId('empty-state')).toBeVisible();

  await page.goto('/member/bonusDetails');
  const bonus = page.getByTestId('bonus-details');
  await expect(bonus.getByTestId('bonus-remaining-turnover')).toHaveText('₱0.00');
  await expect(bonus.getByTestId('empty-state')).toBeVisible();
  await bonus.getByTestId('bonus-status-active').click();
  await expect(bonus.getByTestId('bonus-status-active')).toHaveAttribute('aria-pressed', 'true');

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});

test('the demo member sees their welcome bonus and the turnover it asks', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/login');
  const login = page.getByTestId('login-modal');
  await login.getByTestId('login-username').fill('demoplayer1');
  await login.getByTestId('login-password').fill('Demo-Agent-2026');
  await login.getByTestId('login-terms').check();
  await login.getByTestId('login-submit').click();
  await verifyLater(page);

  await page.goto('/member/bonusDetails');
  const bonus = page.getByTestId('bonus-details');
  await expect(bonus.getByTestId('bonus-remaining-turnover')).toHaveText('₱1,000.00');
  const row = bonus.getByTestId('bonus-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Welcome bonus');
  await expect(row).toContainText('₱100.00');
  await expect(row.getByTestId('bonus-status')).toHaveText('In progress');
  await bonus.getByTestId('bonus-status-completed').click();
  await expect(bonus.getByTestId('empty-state')).toBeVisible();

  await page.goto('/member/transactionHistory');
  const history = page.getByTestId('transaction-history');
  await history.getByTestId('transactions-type').selectOption('bonus');
  const rows = history.getByTestId('transaction-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('transaction-type')).toHaveText('Bonus');
  await expect(rows.first().getByTestId('transaction-amount')).toHaveText('₱100.00');

  await page.goto('/member/personalProfit');
  await expect(page.getByTestId('profit-bonus')).toHaveText('₱100.00');
  expect(errors).toEqual([]);
});
