import type { DropdownOption, Whitelabel } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@app/client';
import { useSession } from '@/lib/session';
import { useSessionFlag } from '@/lib/session-flags';
import { getGamingVenuesQueryOptions } from './api/gaming-venue';

/**
 * The regions to offer when this session still has to declare where it plays from: the operator
 * turned the gaming venue on (GAMINGVENUE), an account is logged in (trial accounts too: they
 * play) and it has not answered yet. Null when nothing is to be asked (or there is no region to
 * pick), undefined while the regions load, so the prompts after it wait.
 */
export function useGamingVenuePrompt(whitelabel: Whitelabel): DropdownOption[] | null | undefined {
  const session = useSession();
  const language = useLanguage();
  const declared = useSessionFlag('gamingVenue', session?.token);
  const asks =
    whitelabel.GAMINGVENUE && session !== null && !session.passwordChangeRequired && !declared;
  const venues = useQuery({ ...getGamingVenuesQueryOptions(language), enabled: asks });
  if (!asks) return null;
  if (venues.isPending) return undefined;
  return venues.data && venues.data.length > 0 ? venues.data : null;
}
