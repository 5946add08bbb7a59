import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/token.js';
import * as repo from './captcha.repository.js';

const CAPTCHA_TTL_MS = 5 * 60_000;

const normalize = (answer: string) => answer.trim().toLowerCase();

/** A new captcha image; its answer is stored hashed and good for five minutes. */
export async function createCaptcha(db: Db, merchantId: number) {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f4f1e8',
  });
  const row = await repo.insertCaptcha(db, {
    merchantId,
    answerHash: sha256(normalize(text)),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  return {
    captchaId: row.id,
    image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
  };
}

/**
 * Uses up the captcha `captchaId` and throws INVALID_CAPTCHA unless `answer` was its answer (or
 * the configured test answer). A captcha is spent by any check, right or wrong.
 */
export async function checkCaptcha(
  db: Db,
  input: {
    merchantId: number;
    captchaId: string | undefined;
    answer: string | undefined;
    fixedAnswer: string | undefined;
  },
  errorValue: Record<string, unknown> = {},
): Promise<void> {
  if (!input.captchaId || !input.answer) throw new AppError('INVALID_CAPTCHA', errorValue);
  const row = await repo.spendCaptcha(db, input.merchantId, input.captchaId);
  const answer = normalize(input.answer);
  const matches =
    row !== null &&
    (row.answerHash === sha256(answer) ||
      (input.fixedAnswer !== undefined && answer === normalize(input.fixedAnswer)));
  if (!matches) throw new AppError('INVALID_CAPTCHA', errorValue);
}
