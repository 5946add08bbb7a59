import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { openBackOffice, operatorCall } from './operator';
import {
  acceptDisclaimer,
  changeForcedPassword,
  fundBySandbox,
  PASSWORD,
  registerByUsername,
  uniqueUsername,
  verifyLater,
  watchConsole,
  revealHomeSections,
} from './support';

const DEMO_AGENT = { username: 'demoagent', password: 'Demo-Agent-2026' };

/**
 * Logs in at /agent, the agent login page, answering mandatory KYC with "verify later". An
 * account an agent created (`created`) first sets its own password (issue 18).
 */
async function agentLogin(
  page: Page,
  username: string,
  password: string,
  { created = false } = {},
): Promise<void> {
  await page.goto('/agent');
  await acceptDisclaimer(page);
  const form = page.getByTestId('agent-login');
  await form.getByTestId('login-username').fill(username);
  await form.getByTestId('login-password').fill(password);
  await form.getByTestId('login-terms').check();
  await form.getByTestId('login-submit').click();
  if (created) await changeForcedPassword(page);
  // Mandatory KYC asks at every login until it is done.
  await verifyLater(page);
  const header = page.getByTestId('agent-header');
  await expect(header).toBeVisible();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an agent creates a downline agent, offers a daily salary and the downline accepts live', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  await agentLogin(page, DEMO_AGENT.username, DEMO_AGENT.password);
  // The centre opens on the team overview, with the clock and the contract pages it holds.
  await expect(page).toHaveURL(/\/agentHome\/agentTeamOverview/);
  await expect(page.getByTestId('agent-clock')).toBeVisible();
  await expect(page.getByTestId('agent-gmt')).toHaveText(/GMT[+-]\d{2}:\d{2}/);
  const menu = page.getByTestId('agent-menu');
  await expect(menu.getByTestId('agent-menu-agentDailyWages2')).toBeVisible();
  await expect(menu.getByTestId('agent-menu-agentDividendRecordCopy2')).toBeVisible();
  await expect(menu.getByTestId('agent-menu-agentHourSalary')).toHaveCount(0);
  // On a phone the centre fits the screen: its menu scrolls sideways on its own.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // Register centre: a new downline agent.
  await menu.getByTestId('agent-menu-registerCenter').click();
  const create = page.getByTestId('downline-create-form');
  const username = uniqueUsername();
  await create.getByTestId('downline-create-type-agent').click();
  await create.getByTestId('downline-create-username').fill(username);
  await create.getByTestId('downline-create-password').fill(PASSWORD);
  await create.getByTestId('downline-create-submit').click();
  await expect(create.getByTestId('downline-create-message')).toContainText(username);

  await menu.getByTestId('agent-menu-downlineManagmentView').click();
  await expect(page.getByTestId(`downline-${username}`)).toBeVisible();

  // The downline agent signs in on another device and waits in its centre.
  const downline = await newPage(browser);
  const downlineErrors = watchConsole(downline);
  await agentLogin(downline, username, PASSWORD, { created: true });
  await expect(
    downline.getByTestId('agent-menu').getByTestId('agent-menu-agentDailyWages2'),
  ).toHaveCount(0);

  // The agent offers a daily salary under its own rates (0.30/0.50/0.80 %).
  await menu.getByTestId('agent-menu-agentDailyWages2').click();
  const offer = page.getByTestId('contract-offer-form');
  await offer.getByTestId('contract-offer-downline').fill(username);
  await offer.getByTestId('contract-offer-rate-0').fill('0.20');
  await offer.getByTestId('contract-offer-rate-1').fill('0.40');
  await offer.getByTestId('contract-offer-rate-2').fill('0.90');
  await offer.getByTestId('contract-offer-submit').click();
  // Above its own 0.80 % on tier 3: refused, named on that tier.
  await expect(offer.getByTestId('contract-offer-rate-2-error')).toBeVisible();
  await offer.getByTestId('contract-offer-rate-2').fill('0.60');
  await offer.getByTestId('contract-offer-submit').click();
  await expect(offer.getByTestId('contract-offer-message')).toBeVisible();

  // The downline sees the offer pop up without reloading, and accepts it.
  const popup = downline.getByTestId('contract-popup');
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup).toContainText('0.60');
  await popup.getByTestId('contract-accept').click();
  await expect(popup).toHaveCount(0);
  // Its centre now has the daily salary page, showing the contract in force.
  const dailyEntry = downline.getByTestId('agent-menu').getByTestId('agent-menu-agentDailyWages2');
  await expect(dailyEntry).toBeVisible();
  await dailyEntry.click();
  await expect(downline.getByTestId('contract-mine')).toContainText('0.40');

  // The agent's list of given contracts shows it active, live.
  const given = page.getByTestId('contract-given');
  await expect(given).toContainText(username);
  await expect(given.locator('[data-testid$="-status"]').first()).toBeVisible();

  expect(errors).toEqual([]);
  expect(downlineErrors).toEqual([]);
  await downline.context().close();
});

test('the operator offers a top-level agent a contract in the back office and the agent accepts it live', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A new account at the top of a tree, made an agent by the operator.
  const username = uniqueUsername();
  await page.goto('/');
  await acceptDisclaimer(page);
  await registerByUsername(page, { username });
  const found = (await operatorCall(page.request, 'GET', `/members?username=${username}`)) as {
    items: { id: number; username: string }[];
  };
  const member = found.items.find((item) => item.username === username)!;
  await operatorCall(page.request, 'PUT', `/members/${member.id}/type`, {
    type: 1,
    reason: 'New agent of the journey',
  });
  const agent = await newPage(browser);
  const agentErrors = watchConsole(agent);
  await agentLogin(agent, username, PASSWORD);

  // The operator offers an hourly salary from the back office's agent contracts page.
  const { context, admin } = await openBackOffice(browser, page.request);
  const adminErrors = watchConsole(admin);
  await admin.goto('/admin/agent-contracts');
  await admin.getByTestId('agent-contracts-tab-offer').click();
  const offer = admin.getByTestId('agent-contract-offer');
  await offer.getByTestId('agent-contract-offer-username').fill(username);
  await offer.getByTestId('agent-contract-offer-type').selectOption('hourly_salary');
  await offer.getByTestId('agent-contract-offer-rate-0').fill('0.10');
  await offer.getByTestId('agent-contract-offer-rate-1').fill('0.40');
  await offer.getByTestId('agent-contract-offer-submit').click();
  // Above the merchant's 0.30 % on tier 2: refused, nothing sent.
  await expect(offer.getByTestId('agent-contract-offer-message')).toHaveAttribute('role', 'alert');
  await offer.getByTestId('agent-contract-offer-rate-1').fill('0.25');
  await offer.getByTestId('agent-contract-offer-submit').click();
  await expect(offer.getByTestId('agent-contract-offer-message')).toContainText(username);

  // The agent sees the offer without reloading and accepts it.
  const popup = agent.getByTestId('contract-popup');
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await popup.getByTestId('contract-accept').click();
  await expect(popup).toHaveCount(0);
  await expect(
    agent.getByTestId('agent-menu').getByTestId('agent-menu-agentHourSalary'),
  ).toBeVisible();

  // The back office lists it in force.
  await admin.getByTestId('agent-contracts-tab-contracts').click();
  await admin.getByTestId('agent-contracts-username').fill(username);
  await admin.getByTestId('agent-contracts-username').press('Enter');
  const rows = admin.locator('tr[data-testid^="agent-contract-"]').filter({ hasText: username });
  await expect(rows).toHaveCount(1);
  // Each tier with the merchant's threshold and the contract's rate.
  await expect(rows.first()).toContainText('Tier 1 >= 10,000.00: 0.10 %');
  await expect(rows.first()).toContainText('Tier 2 >= 50,000.00: 0.25 %');
  await expect(rows.first()).toContainText('Active');

  expect(agentErrors).toEqual([]);
  expect(adminErrors.filter((text) => !text.includes('400'))).toEqual([]);
  await context.close();
  await agent.context().close();
});

type TierSettings = {
  activeMinValidBet: string;
  dailySalaryTiers: { minValidBet: string; minActiveMembers: number; maxRateBp: number }[];
};

/** The amount of a money text ("₱1,234.50", "0.40") as a number. */
const amountOf = async (locator: Locator) =>
  Number((await locator.textContent())!.replace(/[^\d.-]/g, ''));

test(
  "a day of daily salary: the downline's member plays, the day is settled and both agents see their payout",
  { tag: '@global' },
  async ({ page, browser }) => {
    test.setTimeout(180_000);
    // The merchant's first daily salary tier from 100.00 of valid bet and one active member, so
    // that a few spins reach it (restored at the end; the other tiers stay as they are).
    const settings = (await operatorCall(
      page.request,
      'GET',
      '/agents/contract-settings',
    )) as TierSettings;
    await operatorCall(page.request, 'PUT', '/agents/contract-settings', {
      ...settings,
      activeMinValidBet: '100.00',
      dailySalaryTiers: settings.dailySalaryTiers.map((tier, i) =>
        i === 0 ? { ...tier, minValidBet: '100.00', minActiveMembers: 1 } : tier,
      ),
    });
    try {
      // A new top-level agent holding the operator's daily salary (0.30/0.50/0.80 %).
      const top = uniqueUsername();
      await page.goto('/');
      await acceptDisclaimer(page);
      await registerByUsername(page, { username: top });
      const found = (await operatorCall(page.request, 'GET', `/members?username=${top}`)) as {
        items: { id: number; username: string }[];
      };
      const topId = found.items.find((item) => item.username === top)!.id;
      await operatorCall(page.request, 'PUT', `/members/${topId}/type`, {
        type: 1,
        reason: 'Agent of the settlement journey',
      });
      const agent = await newPage(browser);
      const agentErrors = watchConsole(agent);
      await agentLogin(agent, top, PASSWORD);
      await operatorCall(page.request, 'POST', '/agents/contracts', {
        username: top,
        type: 'daily_salary',
        ratesBp: [30, 50, 80],
      });
      const agentPopup = agent.getByTestId('contract-popup');
      await expect(agentPopup).toBeVisible({ timeout: 15_000 });
      await agentPopup.getByTestId('contract-accept').click();
      await expect(agentPopup).toHaveCount(0);

      // It creates a downline agent and offers it 0.20/0.40/0.60 %, accepted live.
      const menu = agent.getByTestId('agent-menu');
      await menu.getByTestId('agent-menu-registerCenter').click();
      const create = agent.getByTestId('downline-create-form');
      const sub = uniqueUsername();
      await create.getByTestId('downline-create-type-agent').click();
      await create.getByTestId('downline-create-username').fill(sub);
      await create.getByTestId('downline-create-password').fill(PASSWORD);
      await create.getByTestId('downline-create-submit').click();
      await expect(create.getByTestId('downline-create-message')).toContainText(sub);
      const downline = await newPage(browser);
      const downlineErrors = watchConsole(downline);
      await agentLogin(downline, sub, PASSWORD, { created: true });
      await menu.getByTestId('agent-menu-agentDailyWages2').click();
      const offer = agent.getByTestId('contract-offer-form');
      await offer.getByTestId('contract-offer-downline').fill(sub);
      await offer.getByTestId('contract-offer-rate-0').fill('0.20');
      await offer.getByTestId('contract-offer-rate-1').fill('0.40');
      await offer.getByTestId('contract-offer-rate-2').fill('0.60');
      await offer.getByTestId('contract-offer-submit').click();
      await expect(offer.getByTestId('contract-offer-message')).toBeVisible();
      const popup = downline.getByTestId('contract-popup');
      await expect(popup).toBeVisible({ timeout: 15_000 });
      await popup.getByTestId('contract-accept').click();
      await expect(popup).toHaveCount(0);

      // The downline agent registers a member of its own team.
      const subMenu = downline.getByTestId('agent-menu');
      await subMenu.getByTestId('agent-menu-registerCenter').click();
      const memberForm = downline.getByTestId('downline-create-form');
      const player = uniqueUsername();
      await memberForm.getByTestId('downline-create-type-member').click();
      await memberForm.getByTestId('downline-create-username').fill(player);
      await memberForm.getByTestId('downline-create-password').fill(PASSWORD);
      await memberForm.getByTestId('downline-create-submit').click();
      await expect(memberForm.getByTestId('downline-create-message')).toContainText(player);

      // The member deposits and plays a vendor slot: two spins of 100.00.
      const member = await newPage(browser);
      const memberErrors = watchConsole(member);
      await member.goto('/');
      await acceptDisclaimer(member);
      await member.goto('/login');
      const login = member.getByTestId('login-modal');
      await login.getByTestId('login-username').fill(player);
      await login.getByTestId('login-password').fill(PASSWORD);
      await login.getByTestId('login-terms').check();
      await login.getByTestId('login-submit').click();
      // The agent chose the password: the player sets its own first.
      await changeForcedPassword(member);
      await verifyLater(member);
      await fundBySandbox(member, '500');
      await expect(member.getByTestId('header-balance-amount')).toHaveText('500.00');
      await member.goto('/');
      await revealHomeSections(member);
      const tile = member.getByTestId('home-rng').locator('[data-testid^="game-tile-"]').first();
      await tile.click();
      await expect(member).toHaveURL(/\/seamless\?nodeId=\d+/);
      const frame = member.frameLocator('[data-testid="seamless-frame"]');
      await expect(frame.getByTestId('balance')).toContainText('500', { timeout: 15_000 });
      await frame.getByTestId('stakes').locator('button[data-value="10000"]').click();
      for (let spin = 0; spin < 2; spin += 1) {
        await frame.getByTestId('play').click();
        await expect(frame.getByTestId('play')).toBeEnabled();
        await expect(frame.getByTestId('status')).not.toBeEmpty();
      }
      await member.goto('/member/personalHistoryCopy');
      await expect(member.getByTestId('bet-row')).toHaveCount(2, { timeout: 15_000 });

      // The settlement job's clock moves past today's close (test aid) and settles the day.
      const run = (await operatorCall(page.request, 'POST', '/dev/settlement/run', {
        type: 'daily_salary',
        advanceMinutes: 24 * 60 + 11,
      })) as { periods: { periodKey: string; paid: number }[] };
      const day = run.periods.at(-1)!.periodKey;
      expect(run.periods.at(-1)!.paid).toBeGreaterThanOrEqual(2);

      // The downline: 0.20 % of 200.00 = 0.40; the agent keeps the difference to its 0.30 %, 0.20.
      for (const [who, amount] of [
        [downline, '0.40'],
        [agent, '0.20'],
      ] as const) {
        await who.reload();
        await who.getByTestId('agent-menu').getByTestId('agent-menu-agentDailyWages2').click();
        const records = who.getByTestId('contract-settlements');
        await expect(records).toBeVisible({ timeout: 15_000 });
        const row = records.locator('tbody tr').filter({ hasText: day });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText('200.00');
        await expect(row).toContainText(amount);
        expect(await amountOf(who.getByTestId('contract-settlements-total'))).toBe(Number(amount));
      }

      // The downline saves its records as CSV: the settled day, in Manila time, with what it paid.
      const downloading = downline.waitForEvent('download');
      await downline.getByTestId('contract-settlements-export').click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe('agent-daily_salary-settlements.csv');
      const text = (await readFile(await file.path())).toString('utf8');
      const [header, ...lines] = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const columns = header!.split(',');
      const settled = lines.find((line) => line.startsWith(`${day.slice(2)} 00:00,`));
      expect(settled?.split(',')[columns.indexOf('amount')]).toBe('0.40');
      expect(settled?.split(',')[columns.indexOf('valid_bet')]).toBe('200.00');

      expect(agentErrors).toEqual([]);
      expect(downlineErrors).toEqual([]);
      expect(memberErrors).toEqual([]);
      await member.context().close();
      await downline.context().close();
      await agent.context().close();
    } finally {
      await operatorCall(page.request, 'PUT', '/agents/contract-settings', settings);
    }
  },
);
