import type { Db } from '../../db/client.js';
import type { LocalizedText } from '../../db/schema/platform.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import type { Realtime } from '../realtime/index.js';
import { insertMemberMessage, memberTypes, unreadCount } from './content.repository.js';

/** A message the platform itself sends one member (contract events, payouts), in EN and TL. */
export type MemberMessage = { memberId: number; title: LocalizedText; content: LocalizedText };

/**
 * Puts platform messages in members' inboxes (messageV2) in the caller's transaction, so the
 * message exists exactly when the event it tells of committed, and a member who was offline
 * reads it later. The content is sanitised like an operator's.
 */
export async function sendMemberMessages(
  tx: Db,
  merchantId: number,
  messages: MemberMessage[],
): Promise<void> {
  for (const message of messages) {
    await insertMemberMessage(tx, merchantId, {
      memberId: message.memberId,
      title: message.title,
      content: { EN: sanitizeHtml(message.content.EN), TL: sanitizeHtml(message.content.TL) },
    });
  }
}

/** After the commit: each member's new unread count, to their open pages. */
export async function pushUnreadCounts(
  db: Db,
  realtime: Pick<Realtime, 'publishToMember'>,
  merchantId: number,
  memberIds: number[],
): Promise<void> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return;
  const rows = await memberTypes(db, ids);
  const now = new Date();
  for (const member of rows) {
    const unread = await unreadCount(db, {
      merchantId,
      memberId: member.id,
      memberType: member.type,
      now,
    });
    await realtime.publishToMember(merchantId, member.id, {
      type: 'unread',
      unreadMessage: unread,
    });
  }
}
