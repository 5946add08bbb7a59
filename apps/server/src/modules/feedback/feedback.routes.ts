import { FeedbackRequest } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { AuthDeps } from '../auth/index.js';
import { sendFeedback } from './feedback.service.js';

/** PUT /wps/feedback: visitors and members alike; the captcha keeps robots out. */
export const feedbackRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.put(
    '/wps/feedback',
    {
      schema: memberRoute({
        summary: 'Send feedback to customer service',
        tags: ['feedback'],
        body: FeedbackRequest,
        value: z.null(),
      }),
    },
    async (req) => {
      const member = req.auth.role === 'visitor' ? null : req.auth.member;
      await sendFeedback(
        deps,
        { merchantId: req.ctx.merchant.id, ip: req.ctx.ip, member },
        req.body,
      );
      return ok(null);
    },
  );
};
