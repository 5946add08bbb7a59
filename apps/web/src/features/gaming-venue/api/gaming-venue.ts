import type { Language } from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';

/** GET /wps/relay/dropdownMenus?menuGroup=gamingvenue: the regions, labelled in `language`. */
export function getGamingVenuesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['dropdown-menus', 'gamingvenue', language],
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/dropdownMenus', ['DropdownOption'], {
        query: { menuGroup: 'gamingvenue' },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

/** POST /wps/session/gamingVenue: the region this session plays from. */
export async function declareGamingVenue(code: string): Promise<void> {
  await apiSend('POST', '/wps/session/gamingVenue', null, { body: { code } });
}

/** Declares the region; the caller marks the session as answered once it is done. */
export function useDeclareGamingVenue() {
  return useMutation({ mutationFn: declareGamingVenue });
}
