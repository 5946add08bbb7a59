import { usePermissionInfo } from '@/lib/permission-info';
import { merchantToday } from './date-range';

/** Today in the merchant's time zone (the start-up configuration's `timeZone`; decision 024). */
export function useMerchantToday(): string {
  return merchantToday(new Date(), usePermissionInfo().timeZone);
}
