import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { memberPagePath } from '@/config/paths';
import type { Session } from '@/lib/session';
import { HeaderBalance } from '@/components/header-balance';
import { AccountMenu } from './account-menu';
import styles from './header.module.css';

type MemberActionsProps = { session: Session; showPoints: boolean; showAgentCentre: boolean };

/** The header's actions for a logged-in member: balance, withdraw, deposit, account menu. */
export default function MemberActions({
  session,
  showPoints,
  showAgentCentre,
}: MemberActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBalance />
      <Link
        to={memberPagePath('withdraw')}
        className={`button ${styles.money}`}
        aria-label={t('header.withdraw')}
        data-testid="header-withdraw"
      >
        <Icon name="banknote" size={18} />
        <span className={styles.moneyLabel}>{t('header.withdraw')}</span>
      </Link>
      <Link
        to={memberPagePath('depositv2')}
        className={`button button--primary ${styles.money}`}
        aria-label={t('header.deposit')}
        data-testid="header-deposit"
      >
        <Icon name="wallet" size={18} />
        <span className={styles.depositLabel}>{t('header.deposit')}</span>
      </Link>
      <AccountMenu session={session} showPoints={showPoints} showAgentCentre={showAgentCentre} />
    </>
  );
}
