import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '@/components/icon';
import { memberPagePath } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { agentPagePath, type AgentPage } from '../agent-pages';
import styles from './agent-centre.module.css';

type AgentMenuProps = {
  pages: readonly AgentPage[];
  /** The operator's customer service link; no entry without one. */
  customerServiceUrl: string;
};

/** The member centre pages the agent menu also offers (SPEC section 2). */
const MEMBER_ENTRIES: {
  page: string;
  icon: IconName;
  label: 'deposit' | 'withdraw' | 'messages';
}[] = [
  { page: 'depositv2', icon: 'wallet', label: 'deposit' },
  { page: 'withdraw', icon: 'banknote', label: 'withdraw' },
  { page: 'messageV2', icon: 'inbox', label: 'messages' },
];

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cx(styles.menuItem, isActive && styles.menuItemActive);

/** The agent centre menu: its pages, then deposit, withdraw, messages and customer service. */
export function AgentMenu({ pages, customerServiceUrl }: AgentMenuProps) {
  const { t } = useTranslation();
  return (
    <nav className={styles.menu} aria-label={t('agent.menu')} data-testid="agent-menu">
      <ul className={styles.menuList}>
        {pages.map((page) => (
          <li key={page}>
            <NavLink
              to={agentPagePath(page)}
              className={itemClass}
              data-testid={`agent-menu-${page}`}
            >
              {t(`agent.pages.${page}`)}
            </NavLink>
          </li>
        ))}
        {MEMBER_ENTRIES.map((entry) => (
          <li key={entry.page}>
            <NavLink
              to={memberPagePath(entry.page)}
              className={itemClass}
              data-testid={`agent-menu-${entry.label}`}
            >
              <Icon name={entry.icon} size={16} />
              {t(`agent.menuLinks.${entry.label}`)}
            </NavLink>
          </li>
        ))}
        {customerServiceUrl && (
          <li>
            <a
              href={customerServiceUrl}
              className={styles.menuItem}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="agent-menu-customer-service"
            >
              <Icon name="headset" size={16} />
              {t('sideMenu.customerService')}
              <span className="visually-hidden">{t('common.opensInNewTab')}</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
