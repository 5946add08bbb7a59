import { test as setup } from '@playwright/test';
import { operatorToken } from './operator';

// Before any journey: the journeys' operator enrols TOTP once and keeps its session (operator.ts),
// so journeys running side by side never race to enrol it.
setup('the journeys operator signs in', async ({ request }) => {
  await operatorToken(request);
});
