import type { FeedbackRequest } from '@app/shared';
import { apiSend } from '@/lib/api-client';

/** PUT /wps/feedback: visitors and members alike, behind a captcha. */
export async function sendFeedback(request: FeedbackRequest): Promise<void> {
  await apiSend('PUT', '/wps/feedback', null, { body: request });
}
