import {
  AdminDepositChannel,
  AdminDepositChannelList,
  type UpdateDepositChannelRequest,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export const channelKeys = { all: queryRoots.channels };

/** GET /admin/api/deposit-channels: every channel of the merchant, enabled or not. */
export function getChannelsQueryOptions() {
  return queryOptions({
    queryKey: channelKeys.all,
    queryFn: ({ signal }) => adminGet('/deposit-channels', AdminDepositChannelList, { signal }),
  });
}

/** Sends only the changed fields; the server checks limits and audits before and after. */
export function updateChannel(
  id: number,
  change: UpdateDepositChannelRequest,
): Promise<AdminDepositChannel> {
  return refreshAfter(adminSend('PUT', `/deposit-channels/${id}`, AdminDepositChannel, change), [
    channelKeys.all,
  ]);
}
