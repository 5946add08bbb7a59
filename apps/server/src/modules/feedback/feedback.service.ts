import type { FeedbackRequest } from '@app/shared';
import type { AuthDeps } from '../auth/index.js';
import { checkCaptcha } from '../captcha/index.js';
import * as repo from './feedback.repository.js';

/**
 * Feedback to customer service from a visitor or a member (named by their username then), once
 * the captcha is right.
 */
export async function sendFeedback(
  deps: Pick<AuthDeps, 'db' | 'captchaFixedAnswer'>,
  from: { merchantId: number; ip: string; member: { id: number; username: string } | null },
  body: FeedbackRequest,
): Promise<void> {
  await checkCaptcha(deps.db, {
    merchantId: from.merchantId,
    captchaId: body.captchaId,
    answer: body.captcha,
    fixedAnswer: deps.captchaFixedAnswer,
  });
  await repo.insertFeedback(deps.db, {
    merchantId: from.merchantId,
    memberId: from.member?.id ?? null,
    type: body.type,
    content: body.content,
    sender: from.member?.username ?? body.sender ?? '',
    ip: from.ip,
  });
}
