import type { FeedbackRequest } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';

/** PUT /wps/feedback: visitors and members alike, behind a captcha. */
export async function sendFeedback(request: FeedbackRequest): Promise<void> {
  await apiSend('PUT', '/wps/feedback', null, { body: request });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
