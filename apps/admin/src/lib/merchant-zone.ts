import { DEFAULT_TIME_ZONE, type OperatorInfo } from '@app/shared';
import { useOutletContext } from 'react-router';
import { displayTime } from './format';
import { merchantToday } from './report-range';

/**
 * The scoped merchant's time zone (decision 024), as the server sends it with the signed-in
 * operator (`OperatorInfo.scopeMerchant.timeZone`, as the member site gets it in its start-up
 * configuration): the back office's days and times are that merchant's, whichever zone the
 * operator's browser is in. Outside the shell (sign-in) it is the default zone.
 */
export function useMerchantZone(): string {
  return useOutletContext<OperatorInfo | undefined>()?.scopeMerchant.timeZone ?? DEFAULT_TIME_ZONE;
}

/** Today (yyyy-MM-dd) in the scoped merchant's zone: the last day a day picker offers. */
export function useMerchantToday(): string {
  return merchantToday(new Date(), useMerchantZone());
}

/** `displayTime` in the scoped merchant's zone: `yyyy-MM-dd HH:mm:ss` of its wall clock. */
export function useDisplayTime(): (iso: string | null) => string {
  const zone = useMerchantZone();
  return (iso) => displayTime(iso, zone);
}
