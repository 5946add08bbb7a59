import { FeedbackRequest } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedback } from '../../db/schema/index.js';
import { memberRoute, ok } from '../../lib/route-schema.js';
import type { AuthDeps } from '../auth/auth.deps.js';
import { checkCaptcha } from '../captcha/captcha.service.js';

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
      await checkCaptcha(deps.db, {
        merchantId: req.ctx.merchant.id,
        captchaId: req.body.captchaId,
        answer: req.body.captcha,
        fixedAnswer: deps.captchaFixedAnswer,
      });
      const member = req.auth.role === 'visitor' ? null : req.auth.member;
      await deps.db.insert(feedback).values({
        merchantId: req.ctx.merchant.id,
        memberId: member?.id ?? null,
        type: req.body.type,
        content: req.body.content,
        sender: member?.username ?? req.body.sender ?? '',
        ip: req.ctx.ip,
      });
      return ok(null);
    },
  );
};
