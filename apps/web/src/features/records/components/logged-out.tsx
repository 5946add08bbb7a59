import { LoggedOutState } from '@/components/logged-out-state';
import { useRecordsTranslation } from '@/lib/records-texts';

/** What a record page shows when the session ended while it was open. */
export function RecordsLoggedOut() {
  const { t } = useRecordsTranslation();
  return <LoggedOutState title={t('loggedOut')} loginLabel={t('login')} />;
}
