import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { operatorCall } from './operator';
import {
  acceptDisclaimer,
  memberCall,
  operatorDatabaseUrl,
  operatorSql,
  registerByUsername,
  uniqueUsername,
  watchConsole,
} from './support';

/**
 * Decision 014, "Bad data holds back one chain": an agent whose contract data is invalid (two
 * daily salary contracts in force at once, written straight to the database as a faulty import
 * or a bug would) is held back, the operator sees the alert in the back office, fixes the cause,
 * retries, and sees the alert resolved and the settled period in the settlements view.
 */

/** A new owner of the demo merchant signed in to the back office (TOTP enrolled on the way). */
async function signInOwner(admin: Page, request: Page['request']): Promise<void> {
  const scope = (await operatorCall(request, 'GET', '/session/me')) as {
    scopeMerchant: { code: string };
  };
  const name = `settle.${Date.now().toString(36)}`;
  const created = (await operatorCall(request, 'POST', '/operators', {
    username: name,
    role: 'owner',
  })) as { password: string; enrolmentCode: string };
  await admin.goto('/admin/');
  await admin.getByTestId('login-merchant').fill(scope.scopeMerchant.code);
  await admin.getByTestId('login-username').fill(name);
  await admin.getByTestId('login-password').fill(created.password);
  await admin.getByTestId('login-first-sign-in').check();
  await admin.getByTestId('login-enrolment-code').fill(created.enrolmentCode);
  await admin.getByTestId('login-submit').click();
  await expect(admin.getByTestId('totp-qr')).toBeVisible();
  const secret = (await admin.getByTestId('totp-secret').textContent())!.trim();
  await admin.getByTestId('totp-code').fill(await generate({ secret }));
  await admin.getByTestId('totp-submit').click();
  await expect(admin.getByTestId('shell-operator')).toContainText(name);
}

test.describe('agent settlement alerts', { tag: '@global' }, () => {
  test.skip(!operatorDatabaseUrl, 'needs the journeys on PostgreSQL (E2E_DATABASE_URL)');

  test('an operator sees a held-back settlement, fixes the contract, retries and sees it paid', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // A top-level agent holding the operator's daily salary.
    await page.goto('/');
    await acceptDisclaimer(page);
    const agent = uniqueUsername();
    await registerByUsername(page, { username: agent });
    const found = (await operatorCall(page.request, 'GET', `/members?username=${agent}`)) as {
      items: { id: number; username: string }[];
    };
    const agentId = found.items.find((item) => item.username === agent)!.id;
    await operatorCall(page.request, 'PUT', `/members/${agentId}/type`, {
      type: 1,
      reason: 'Agent of the settlement alert journey',
    });
    const offered = (await operatorCall(page.request, 'POST', '/agents/contracts', {
      username: agent,
      type: 'daily_salary',
      ratesBp: [30, 50, 80],
    })) as { id: number };
    await memberCall(page, 'POST', `/wps/relay/contracts/${offered.id}/accept`, {});

    // The bad data: an older contract of the same type "ended" three days from now, so two are in
    // force at once today. It began earlier today (Asia/Manila), never before: so only today's
    // period holds it, whatever the hour the journey runs (just after midnight too).
    await operatorSql(`
      insert into agent_contracts
        (merchant_id, kind, upline_id, downline_id, terms, status, end_reason,
         accepted_at, created_at, ended_at)
      select merchant_id, kind, upline_id, downline_id, '{"ratesBp":[20,40,60]}'::jsonb,
             'terminated', 'replaced', since.at, since.at, now() + interval '3 days'
        from agent_contracts,
             lateral (select greatest(now() - interval '2 hours',
                        date_trunc('day', now() at time zone 'Asia/Manila')
                          at time zone 'Asia/Manila') as at) since
       where id = ${offered.id}`);

    // The settlement clock moves past today's close (test aid): the day is settled, this agent's
    // payout is held back and an alert raised.
    const run = (await operatorCall(page.request, 'POST', '/dev/settlement/run', {
      type: 'daily_salary',
      advanceMinutes: 24 * 60 + 11,
    })) as { periods: { periodKey: string }[] };
    const day = run.periods.at(-1)!.periodKey;

    const context = await browser.newContext();
    const admin = await context.newPage();
    const errors = watchConsole(admin);
    await signInOwner(admin, page.request);
    await admin.getByTestId('nav-agentSettlements').click();
    const alerts = admin.getByTestId('settlement-alerts');
    const alert = alerts.locator('li', { hasText: agent });
    await expect(alert).toHaveCount(2);
    await expect(alert.first()).toContainText('Two contracts in force at the same time');
    await expect(alert.first()).toContainText(day);
    await expect(alert.first()).toContainText('Daily salary');

    // The operator fixes the cause: the old contract ended when the new one was accepted.
    await operatorSql(`
      update agent_contracts old set ended_at = cur.accepted_at
        from agent_contracts cur
       where cur.id = ${offered.id} and old.downline_id = cur.downline_id
         and old.kind = cur.kind and old.id <> cur.id`);
    await alert.first().getByRole('button', { name: 'Retry' }).click();
    await admin.getByTestId('settlement-retry-confirm').click();
    await expect(alert).toHaveCount(0);
    const resolved = (await operatorCall(
      page.request,
      'GET',
      '/agents/settlement-failures?status=resolved&size=100',
    )) as { items: { agent: string | null; status: string; resolvedBy: string | null }[] };
    expect(resolved.items.filter((item) => item.agent === agent)).toHaveLength(2);

    // The settled period is in the settlements view, found by the agent and the day.
    const settled = admin.getByTestId('settlements');
    await settled.getByTestId('settlements-type').selectOption('daily_salary');
    await settled.getByTestId('settlements-agent').fill(agent);
    await settled.getByTestId('settlements-search').click();
    const rows = settled.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(day);
    await expect(rows.first()).toContainText(agent);
    expect(errors).toEqual([]);
    await context.close();
  });
});
