import { everyMs, type JobDefinition } from '../jobs/index.js';
import type { Realtime } from '../realtime/index.js';
import { pushUnreadTo } from './content.admin.service.js';
import { findMessage, messagesDueIn } from './content.repository.js';

type Due = { messages: { id: number; merchantId: number; memberId: number | null }[] };

/**
 * Every minute: platform messages an operator scheduled for a later time whose send time fell in
 * the minute just ended reach their recipients' open pages (the new unread count over the
 * websocket), as a message sent for now does at once. The claim of the minute commits before the
 * push, so each scheduled message is pushed once across processes; a push is a courtesy (the
 * count is read again at every page load), so a failed one is not retried.
 */
export function scheduledMessagesJob(realtime: Realtime): JobDefinition {
  return {
    name: 'content-scheduled-messages',
    periodOf: everyMs(60_000),
    run: async (tx, period): Promise<Due> => {
      const rows = await messagesDueIn(tx, period);
      return { messages: rows };
    },
    afterCommit: async (db, result) => {
      for (const message of (result as Due).messages) {
        const row = await findMessage(db, message.id);
        if (row) await pushUnreadTo({ db, realtime }, message.merchantId, row, message.memberId);
      }
    },
  };
}
