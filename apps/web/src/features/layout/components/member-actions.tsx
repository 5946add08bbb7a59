import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { memberPagePath } from '@/config/paths';
import type { Session } from '@/lib/session';
import { HeaderBalance } from '@/components/header-balance';
import { AccountMenu } from './account-menu';
import styles from './header.module.css';

type MemberActionsProps = { session: Session; showPoints: boolean; showAgentCentre: boolean };

/**
 * The header's actions for a logged-in member: balance, withdraw, deposit, account menu. A trial
 * account is marked as one and has no money buttons: it can neither deposit nor withdraw.
 */
export default function MemberActions({
  session,
  showPoints,
  showAgentCentre,
}: MemberActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {session.isTrial && (
        <span className={styles.trialMark} data-testid="header-trial">
          {t('header.trial')}
        </span>
      )}
      <div className={styles.balanceSlot}>
        <HeaderBalance />
      </div>
      {!session.isTrial && (
        <>
          <Link
            to={memberPagePath('withdraw')}
            className={`button ${styles.money}`}
            aria-label={t('header.withdraw')}
            data-testid="header-withdraw"
          >
            <Icon name="banknote" size={18} />
            <span className={styles.withdrawLabel}>{t('header.withdraw')}</span>
          </Link>
          <Link
            to={memberPagePath('depositv2')}
            className={`button button--primary ${styles.money} ${styles.deposit}`}
            data-testid="header-deposit"
          >
            <Icon name="wallet" size={18} />
            {t('header.deposit')}
          </Link>
        </>
      )}
      <AccountMenu session={session} showPoints={showPoints} showAgentCentre={showAgentCentre} />
    </>
  );
}
