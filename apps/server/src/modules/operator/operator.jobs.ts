import { everyMs, type JobDefinition } from '../jobs/index.js';
import { pruneAttempts } from './operator.repository.js';
import { OPERATOR_ATTEMPT_WINDOW_SECONDS } from './operator.service.js';

/**
 * Every hour: sign-in attempt rows whose last attempt is older than their window are deleted
 * (a sign-in would restart them anyway), so the table holds the last hour's sources only.
 */
export const operatorAttemptsPruneJob: JobDefinition = {
  name: 'operator-login-attempts-prune',
  periodOf: everyMs(60 * 60 * 1000),
  run: async (tx, period) => ({
    deleted: await pruneAttempts(
      tx,
      new Date(period.end.getTime() - OPERATOR_ATTEMPT_WINDOW_SECONDS * 1000),
    ),
  }),
};
