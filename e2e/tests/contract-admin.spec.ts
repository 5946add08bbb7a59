import { expect, test, type Browser, type Page } from '@playwright/test';
import { openBackOffice, operatorCall, operatorToken } from './operator';
import {
  acceptDisclaimer,
  memberCall,
  registerByUsername,
  uniqueUsername,
  watchConsole,
} from './support';

type Contract = { id: number; status: string };

/**
 * A top-level agent holding a contract from the operator, made through the APIs as its pages
 * would: registered, made an agent by the operator, offered `type`, accepted in its own API.
 */
async function agentWithContract(
  browser: Browser,
  offer: { type: 'daily_salary' | 'hourly_salary'; ratesBp: number[] },
): Promise<{ page: Page; username: string; contractId: number }> {
  const page = await (await browser.newContext()).newPage();
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
    reason: 'Agent of the contract administration journey',
  });
  const offered = (await operatorCall(page.request, 'POST', '/agents/contracts', {
    username,
    ...offer,
  })) as Contract;
  const accepted = (await memberCall(
    page,
    'POST',
    `/wps/relay/contracts/${offered.id}/accept`,
    {},
  )) as { contract: Contract };
  expect(accepted.contract.status).toBe('active');
  return { page, username, contractId: offered.id };
}

async function inboxTitles(page: Page): Promise<string[]> {
  const inbox = (await memberCall(page, 'GET', '/wps/relay/messageV2?pageSize=50')) as {
    content: { title: string }[];
  };
  return inbox.content.map((message) => message.title);
}

test('the operator answers an agent termination request and ends a contract in the back office', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Agent A holds a daily salary from the operator and asks to end it, from its agent API.
  const a = await agentWithContract(browser, { type: 'daily_salary', ratesBp: [20, 40, 60] });
  await memberCall(a.page, 'POST', `/wps/relay/contracts/${a.contractId}/termination`, {});
  // Agent B holds an hourly salary the operator will end.
  const b = await agentWithContract(browser, { type: 'hourly_salary', ratesBp: [10, 25] });

  const { context, admin } = await openBackOffice(browser, page.request);
  const adminErrors = watchConsole(admin);
  await admin.goto('/admin/agent-contracts');

  const search = async (username: string) => {
    await admin.getByTestId('agent-contracts-username').fill(username);
    await admin.getByTestId('agent-contracts-username').press('Enter');
  };

  // A's row: rates per tier with the thresholds, and the request waiting for the operator.
  await search(a.username);
  const rowA = admin.getByTestId(`agent-contract-${a.contractId}`);
  await expect(rowA).toContainText('Tier 1 >= 50,000.00 & 3 active: 0.20 %');
  await expect(rowA).toContainText('Tier 3 >= 1,000,000.00 & 25 active: 0.60 %');
  await expect(admin.getByTestId(`agent-contract-pending-${a.contractId}`)).toContainText(
    'Termination requested by the agent',
  );
  await admin.getByTestId(`agent-contract-acceptTermination-${a.contractId}`).click();
  const accept = admin.getByTestId('agent-contract-acceptTermination');
  await accept.getByTestId('agent-contract-acceptTermination-confirm').click();
  await expect(accept).toHaveCount(0);
  await expect(admin.getByTestId(`agent-contract-status-${a.contractId}`)).toContainText(
    'Terminated',
  );
  await expect(admin.getByTestId(`agent-contract-pending-${a.contractId}`)).toHaveCount(0);
  await expect(admin.getByTestId(`agent-contract-end-${a.contractId}`)).toHaveCount(0);
  // The agent is told in its inbox.
  expect(await inboxTitles(a.page)).toContain('Daily salary contract ended');

  // On a phone in Tagalog the row's dialog and the offer form fit the screen (longer words).
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await phone.addInitScript(
    (value) => {
      window.sessionStorage.setItem('adminToken', value);
      window.localStorage.setItem('adminLanguage', 'tl');
    },
    await operatorToken(page.request),
  );
  const tl = await phone.newPage();
  const tlErrors = watchConsole(tl);
  await tl.goto('/admin/agent-contracts');
  await expect(tl.locator('html')).toHaveAttribute('lang', 'tl');
  await tl.getByTestId('agent-contracts-username').fill(b.username);
  await tl.getByTestId('agent-contracts-username').press('Enter');
  const fits = async (testId: string) => {
    const box = (await tl.getByTestId(testId).boundingBox())!;
    expect([testId, box.x >= 0 && box.x + box.width <= 375]).toEqual([testId, true]);
    const sideways = await tl.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect([testId, sideways]).toEqual([testId, 0]);
  };
  await tl.getByTestId(`agent-contract-end-${b.contractId}`).click();
  await expect(tl.getByTestId('agent-contract-end-reason')).toBeVisible();
  await fits('agent-contract-end');
  await tl.keyboard.press('Escape');
  await expect(tl.getByTestId('agent-contract-end')).toHaveCount(0);
  await tl.getByTestId('agent-contracts-tab-offer').click();
  await expect(tl.getByTestId('agent-contract-offer-submit')).toBeVisible();
  await fits('agent-contract-offer');
  expect(tlErrors).toEqual([]);
  await phone.close();

  // B's contract: ending it needs a reason.
  await search(b.username);
  await expect(admin.getByTestId(`agent-contract-${b.contractId}`)).toContainText(
    'Tier 2 >= 50,000.00: 0.25 %',
  );
  await admin.getByTestId(`agent-contract-end-${b.contractId}`).click();
  const end = admin.getByTestId('agent-contract-end');
  await end.getByTestId('agent-contract-end-confirm').click();
  await expect(end.getByTestId('agent-contract-end-message')).toBeVisible();
  await end.getByTestId('agent-contract-end-reason').fill('Agent asked by phone to stop');
  await end.getByTestId('agent-contract-end-confirm').click();
  await expect(end).toHaveCount(0);
  await expect(admin.getByTestId(`agent-contract-status-${b.contractId}`)).toContainText(
    'ended by the operator',
  );
  expect(await inboxTitles(b.page)).toContain('Hourly salary contract ended by the operator');

  // The API reads the same end reason the list shows.
  const ended = (await operatorCall(
    page.request,
    'GET',
    `/agents/contracts?username=${b.username}`,
  )) as { items: { id: number; status: string; endReason: string | null }[] };
  expect(ended.items[0]).toMatchObject({ status: 'terminated', endReason: 'ended_by_operator' });

  expect(adminErrors).toEqual([]);
  await context.close();
  await a.page.context().close();
  await b.page.context().close();
});
