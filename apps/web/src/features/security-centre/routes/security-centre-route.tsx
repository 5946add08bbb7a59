import '@/lib/account-texts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { paths } from '@/config/paths';
import { useMemberInfo } from '@/lib/auth';
import { useSession } from '@/lib/session';
import { AccountRows } from '../components/account-rows';
import { KycStatusCard } from '../components/kyc-status-card';
import { LoginHistory } from '../components/login-history';
import { ProfileCard } from '../components/profile-card';
import { SelfExclusion } from '../components/self-exclusion';
import styles from '../components/security-centre.module.css';

/** `/member/securityCenter`: the member's own account, passwords and safety settings. */
export default function SecurityCentreRoute() {
  const { t } = useTranslation('account');
  const session = useSession();
  const member = useMemberInfo();

  // The session ended while the page was open (expired, logged out in another way).
  if (!session) {
    return (
      <EmptyState icon="lock" title={t('security.loggedOut')}>
        <Link to={paths.login} className="button button--primary">
          {t('login.title')}
        </Link>
      </EmptyState>
    );
  }

  return (
    <div className={styles.page} data-testid="security-centre">
      <h2 className={styles.title}>{t('security.title')}</h2>
      <QueryContent query={member}>
        {(info) => (
          <>
            <ProfileCard member={info} token={session.token} />
            <AccountRows member={info} token={session.token} />
            <KycStatusCard token={session.token} />
          </>
        )}
      </QueryContent>
      <SelfExclusion />
      <LoginHistory token={session.token} />
    </div>
  );
}
