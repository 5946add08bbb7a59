import type { OperatorRole } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { Db } from '../../src/db/client.js';
import { merchants, merchantSettings } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/password.js';
import * as operatorRepo from '../../src/modules/operator/operator.repository.js';
import { issueEnrolmentCode } from '../../src/modules/operator/operator.service.js';

/** The password of every operator the helpers create. */
export const OPERATOR_PASSWORD = 'Operator#2026pw';

let passwordHash: Promise<string> | undefined;
let sequence = 0;

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
export function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** A random address, so that the login throttle of one test never meets another's. */
export function operatorIp(): string {
  const n = () => Math.floor(Math.random() * 254) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

/** POST /admin/api/session/login from `ip` (a new random address unless given). */
export function postOperatorLogin(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  ip = operatorIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    remoteAddress: ip,
    payload,
  });
}

/** A second merchant (with settings, as the resolver needs), for cross-merchant tests. */
export async function createMerchant(db: Db, code: string): Promise<number> {
  const [row] = await db
    .insert(merchants)
    .values({ code, name: `Merchant ${code}` })
    .returning({ id: merchants.id });
  await db.insert(merchantSettings).values({
    merchantId: row!.id,
    maintenanceTitle: { EN: '', TL: '' },
    maintenanceInfo: { EN: '', TL: '' },
  });
  return row!.id;
}

/**
 * An operator without TOTP and its one-time enrolment code, made through the repository;
 * `merchantId` null is a platform one.
 */
export async function createOperator(
  db: Db,
  input: { role: OperatorRole; merchantId: number | null; username?: string },
) {
  sequence += 1;
  passwordHash ??= hashPassword(OPERATOR_PASSWORD);
  const username =
    input.username ?? `op${sequence}${Math.random().toString(36).slice(2, 7)}`.toLowerCase();
  const operator = await operatorRepo.insertOperator(db, {
    merchantId: input.merchantId,
    username,
    role: input.role,
    passwordHash: await passwordHash,
  });
  let merchantCode: string | undefined;
  if (input.merchantId !== null) {
    const [m] = await db
      .select({ code: merchants.code })
      .from(merchants)
      .where(eq(merchants.id, input.merchantId));
    merchantCode = m?.code;
  }
  const enrolmentCode = await issueEnrolmentCode(db, operator.id);
  return { operator, username, merchantCode, enrolmentCode };
}

/**
 * Creates an operator, signs in with its password and enrolment code, enrols TOTP and returns the
 * session details.
 */
export async function signInOperatorDetails(
  app: FastifyInstance,
  db: Db,
  input: { role: OperatorRole; merchantId: number | null },
) {
  const { operator, username, merchantCode, enrolmentCode } = await createOperator(db, input);
  const login = await app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    remoteAddress: operatorIp(),
    payload: { merchantCode, username, password: OPERATOR_PASSWORD, enrolmentCode },
  });
  const enrolment = login.json().value;
  if (enrolment?.step !== 'totp_enrolment') {
    throw new Error(`operator login did not start enrolment: ${login.body}`);
  }
  const confirmed = await app.inject({
    method: 'POST',
    url: '/admin/api/session/totp',
    remoteAddress: operatorIp(),
    payload: {
      enrolmentToken: enrolment.enrolmentToken,
      code: await totpCode(enrolment.secret as string),
    },
  });
  const token = confirmed.json().value?.token as string | undefined;
  if (!token) throw new Error(`operator enrolment failed: ${confirmed.body}`);
  return {
    token,
    operatorId: operator.id,
    username,
    merchantCode,
    secret: enrolment.secret as string,
  };
}

/** Creates an operator of `role` (merchantId null: platform), enrols TOTP, returns its token. */
export async function signInOperator(
  app: FastifyInstance,
  db: Db,
  input: { role: OperatorRole; merchantId: number | null },
): Promise<string> {
  return (await signInOperatorDetails(app, db, input)).token;
}

/**
 * A second merchant (`code`) and a signed-in operator of `role` there, to show that one merchant's
 * operators cannot reach another's data.
 */
export async function signInForeignOperator(
  app: FastifyInstance,
  db: Db,
  code: string,
  role: OperatorRole = 'owner',
): Promise<{ merchantId: number; token: string }> {
  const merchantId = await createMerchant(db, code);
  return { merchantId, token: await signInOperator(app, db, { role, merchantId }) };
}

/** Headers of an operator call; `merchant` only matters for a platform operator. */
export function operatorHeaders(token: string, merchant?: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...(merchant ? { merchant } : {}) };
}
