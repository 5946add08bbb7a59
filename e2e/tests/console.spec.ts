import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { operatorCall } from './operator.js';
import { watchConsole } from './support.js';

/** "1,234.50" or "-12.05" as centavos. */
function centavos(text: string): number {
  const clean = text.replace(/[^0-9.-]/g, '');
  const [whole, cents = '0'] = clean.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(cents.padEnd(2, '0'));
  return clean.startsWith('-') ? -value : value;
}

/** Today in Asia/Manila, yyyy-MM-dd. */
function manilaToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

test('an operator signs in to the dashboard, reads the commission lines and exports the audit log', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // A new owner of the demo merchant, made by the platform operator (an audited action).
  const scope = (await operatorCall(page.request, 'GET', '/session/me')) as {
    scopeMerchant: { code: string };
  };
  const operatorName = `console.${Date.now().toString(36)}`;
  const created = (await operatorCall(page.request, 'POST', '/operators', {
    username: operatorName,
    role: 'owner',
  })) as { operator: { id: number }; password: string; enrolmentCode: string };

  const context = await browser.newContext({ acceptDownloads: true });
  const admin = await context.newPage();
  const errors = watchConsole(admin);
  await admin.goto('/admin/');
  await admin.getByTestId('login-merchant').fill(scope.scopeMerchant.code);
  await admin.getByTestId('login-username').fill(operatorName);
  await admin.getByTestId('login-password').fill(created.password);
  await admin.getByTestId('login-first-sign-in').check();
  await admin.getByTestId('login-enrolment-code').fill(created.enrolmentCode);
  await admin.getByTestId('login-submit').click();
  const secret = (await admin.getByTestId('totp-secret').textContent())!.trim();
  await admin.getByTestId('totp-code').fill(await generate({ secret }));
  await admin.getByTestId('totp-submit').click();

  // The dashboard: the owner's queues with counts and today's figures with yesterday's beside.
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(admin.getByTestId('dashboard-queues')).toBeVisible();
  for (const id of [
    'deposits',
    'withdrawals',
    'kyc',
    'risk',
    'agentTerminations',
    'settlementFailures',
  ]) {
    await expect(admin.getByTestId(`dashboard-queue-${id}-count`)).toHaveText(/^\d[\d,]*$/);
  }
  await expect(admin.getByTestId('dashboard-ggr')).toHaveText(/\d+\.\d{2}$/);
  await expect(admin.getByTestId('dashboard-ggr-yesterday')).toContainText('Yesterday');
  await expect(admin.getByTestId('dashboard-active-rule')).toContainText('500.00');
  // Phone first: the cards fit the screen, nothing scrolls sideways.
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The reports: the commission lines, and the net after them is NGR less commission.
  await admin.getByTestId('nav-reports').click();
  const lines = admin.getByTestId('reports-commission');
  await expect(lines).toBeVisible();
  const cell = async (key: string) =>
    centavos((await lines.getByTestId(`reports-commission-${key}`).locator('td').textContent())!);
  const parts = await Promise.all(
    ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'].map(cell),
  );
  const commission = await cell('commission');
  expect(commission).toBe(parts.reduce((a, b) => a + b, 0));
  expect(await cell('netAfterCommission')).toBe((await cell('ngr')) - commission);
  await expect(admin.getByTestId('reports-active-rule')).toContainText('Active member');

  // The audit log of today, by operator actions: the creation of this operator is there.
  await admin.getByTestId('nav-audit').click();
  const today = manilaToday();
  await admin.getByTestId('audit-filter-from').fill(today);
  await admin.getByTestId('audit-filter-to').fill(today);
  await admin.getByTestId('audit-filter-actorType').selectOption('operator');
  await admin.getByTestId('audit-filter-action').fill('operator.');
  await admin.getByTestId('audit-search').click();
  await expect(admin.getByTestId('audit-entries')).toContainText('operator.create');
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByTestId('audit-export').click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8');
  const rows = csv.trim().split('\r\n');
  expect(rows[0]).toBe(
    'id,time,actor_type,actor_id,actor_name,action,subject_type,subject_id,ip,before,after',
  );
  expect(rows.slice(1).every((row) => row.split(',')[2] === 'operator')).toBe(true);
  expect(
    rows.some((row) => row.includes(`,operator.create,operator,${created.operator.id},`)),
  ).toBe(true);

  // A range from before the platform existed to yesterday holds no entry of today.
  await admin.getByTestId('audit-filter-from').fill('2020-01-01');
  await admin.getByTestId('audit-filter-to').fill('2020-01-02');
  await admin.getByTestId('audit-search').click();
  await expect(admin.getByTestId('audit-entries')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
