import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@app/client';
import { useSession } from './session';
import { publicStateQueryOptions } from './content-queries';

/**
 * Whether the referral entry shows (SPEC section 6): an agent is logged in, or a member with the
 * merchant's referral promotion on, which the public state's `availablePromo.REFERRAL.enabled`
 * answers for the caller. Visitors and trial accounts never see it.
 */
export function useReferralAvailable(): boolean {
  const session = useSession();
  const language = useLanguage();
  const signedIn = session !== null && !session.isTrial;
  const state = useQuery({
    ...publicStateQueryOptions(session?.account ?? '', language),
    enabled: signedIn && !session.isAgent,
  });
  if (!signedIn) return false;
  return session.isAgent || state.data?.availablePromo.REFERRAL.enabled === true;
}
