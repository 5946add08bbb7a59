/**
 * The site's content (banners, notices, hot matches, member messages) and its cache: other
 * modules send member messages and push unread counts; the app-level job registry schedules the
 * scheduled-messages job.
 */
export type { ContentCache } from './content.cache.js';
export { pushUnreadCounts, sendMemberMessages } from './member-messages.js';
export type { MemberMessage } from './member-messages.js';
export { scheduledMessagesJob } from './scheduled-messages.job.js';
