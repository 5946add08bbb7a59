import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { generate } from 'otplib';
import { E2E_OPERATOR } from '../playwright.config.js';

/**
 * The platform operator of the journeys (created before the server starts, see
 * playwright.config.ts). Its TOTP secret is learnt at the first login's enrolment (password and
 * the one-time enrolment code) and kept next to the platform's data, so later logins of the same
 * run answer with a code like an operator would.
 */
const secretFile = resolve(
  process.env.E2E_DATA_DIR ?? '.test-output/e2e-data',
  'e2e-operator.json',
);

function code(secret: string): Promise<string> {
  return generate({ secret });
}

type Saved = { secret: string; token?: string };

function save(value: Saved): void {
  mkdirSync(dirname(secretFile), { recursive: true });
  writeFileSync(secretFile, JSON.stringify(value));
}

function saved(): Saved | null {
  return existsSync(secretFile) ? (JSON.parse(readFileSync(secretFile, 'utf8')) as Saved) : null;
}

function tokenOf(body: unknown): string | undefined {
  return (body as { value?: { token?: string } }).value?.token;
}

/**
 * The operator's bearer token: the saved session while it is valid, else a sign-in (enrolling
 * TOTP the first time). Sessions are shared by every journey of a run, so the operator signs in
 * about once and never reuses a code (a reused code is refused and counts as a failed attempt).
 */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const known = saved();
  if (known?.token) {
    const me = await request.get('/admin/api/session/me', {
      headers: { authorization: `Bearer ${known.token}` },
    });
    if (me.ok()) return known.token;
  }
  const credentials = { username: E2E_OPERATOR.username, password: E2E_OPERATOR.password };
  let token: string | undefined;
  if (!known) {
    const login = await request.post('/admin/api/session/login', {
      data: { ...credentials, enrolmentCode: E2E_OPERATOR.enrolmentCode },
    });
    const step = (await login.json()).value as Record<string, string> | undefined;
    expect(step?.step, `operator enrolment: ${JSON.stringify(step)}`).toBe('totp_enrolment');
    const confirmed = await request.post('/admin/api/session/totp', {
      data: { enrolmentToken: step!.enrolmentToken, code: await code(step!.secret!) },
    });
    token = tokenOf(await confirmed.json());
    save({ secret: step!.secret!, token });
  } else {
    const login = await request.post('/admin/api/session/login', {
      data: { ...credentials, code: await code(known.secret) },
    });
    token = tokenOf(await login.json());
    save({ secret: known.secret, token });
  }
  expect(token, 'operator session').toBeTruthy();
  return token!;
}

/** Calls an operator endpoint of the admin API with the operator's session. */
export async function operatorCall(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const response = await request.fetch(`/admin/api${path}`, {
    method,
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { success: boolean; value?: unknown };
  expect(body.success, `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

/**
 * A browser context signed in to the back office as the journeys' operator, and a page of it.
 * The caller closes the context.
 */
export async function openBackOffice(
  browser: Browser,
  request: APIRequestContext,
): Promise<{ context: BrowserContext; admin: Page }> {
  const token = await operatorToken(request);
  const context = await browser.newContext();
  await context.addInitScript((value) => {
    window.sessionStorage.setItem('adminToken', value);
  }, token);
  return { context, admin: await context.newPage() };
}
