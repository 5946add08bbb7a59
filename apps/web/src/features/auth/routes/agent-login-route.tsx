import '@/lib/account-texts';
import type { PermissionInfo } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { openAppModal } from '@/lib/modals';
import { useSession } from '@/lib/session';
import styles from '../components/auth.module.css';
import { LoginForm } from '../components/login-form';

/**
 * `/agent`: the agent login. Only agents get in (the server refuses the others with
 * NOT_AGENT_ACCOUNT); a logged-in agent goes on to the agent centre.
 */
export default function AgentLoginRoute({ permission }: { permission: PermissionInfo }) {
  const { t } = useTranslation('account');
  const session = useSession();
  if (session?.isAgent && !session.passwordChangeRequired) {
    return <Navigate to={paths.agentHome} replace />;
  }
  return (
    <div data-testid="agent-login">
      <PageHeader title={t('agentLogin.title')}>{t('agentLogin.lead')}</PageHeader>
      <div className={styles.agentPage}>
        {permission.whitelabel.AGENTPOLICY3 ? (
          <LoginForm
            permission={permission}
            area="agent"
            onForgotPassword={() => openAppModal('forgotPassword')}
          />
        ) : (
          // No agent programme here (AGENTPOLICY3, decision 020): the server refuses the login too.
          <p data-testid="agent-login-off">{t('agentLogin.programmeOff')}</p>
        )}
      </div>
    </div>
  );
}
