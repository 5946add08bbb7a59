import { createQueryClient } from '@app/client';

// The member site's answers (menus, configuration, records) change slowly.
export const queryClient = createQueryClient({ staleTime: 60_000, refetchOnWindowFocus: false });
