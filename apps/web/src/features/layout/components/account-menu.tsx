import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '@/components/avatar';
import { Icon, type IconName } from '@/components/icon';
import { memberPagePath, paths } from '@/config/paths';
import { signOut, useMemberInfo } from '@/lib/auth';
import { askConfirm } from '@/lib/dialogs';
import type { Session } from '@/lib/session';
import styles from './header.module.css';

type MenuItem = { to: string; icon: IconName; label: string; testId: string };

/** The member centre pages the avatar menu links to. */
type AccountPage =
  | 'personalHistoryCopy'
  | 'transactionHistory'
  | 'personalProfit'
  | 'rewardCenter'
  | 'securityCenter';

/** `showAgentCentre`: the merchant runs an agent programme (AGENTPOLICY3, decision 020). */
type AccountMenuProps = { session: Session; showPoints: boolean; showAgentCentre: boolean };

/** The avatar menu of a logged-in header (SPEC section 2), ending with sign out. */
export function AccountMenu({ session, showPoints, showAgentCentre }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const member = useMemberInfo();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        setOpenedAt(null);
      }
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const memberItem = (page: AccountPage, icon: IconName, label?: string): MenuItem => ({
    to: memberPagePath(page),
    icon,
    label: label ?? t(`member.pages.${page}`),
    testId: `account-menu-${page}`,
  });
  const items = [
    memberItem('personalHistoryCopy', 'receipt'),
    memberItem('transactionHistory', 'list'),
    memberItem('personalProfit', 'chart'),
    memberItem('rewardCenter', 'gift'),
    showPoints && {
      to: paths.pointMall,
      icon: 'coins',
      label: t('header.points'),
      testId: 'account-menu-points',
    },
    memberItem('securityCenter', 'user', t('header.myAccount')),
    session.isAgent &&
      showAgentCentre && {
        to: paths.agentHome,
        icon: 'crown',
        label: t('header.agentCentre'),
        testId: 'account-menu-agent',
      },
  ].filter((item): item is MenuItem => item !== false);

  async function logOut() {
    setOpenedAt(null);
    if (!(await askConfirm(t('prompts.in_sure_logout')))) return;
    // The session values go whatever the server answers; a failed call changes nothing for the user.
    await signOut().catch(() => undefined);
    void navigate(paths.home);
  }

  // The nickname as the member info has it now: the security centre updates it there.
  const name = member.data?.nickname ?? session.nickname ?? session.account;
  return (
    <div className={styles.accountMenu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.avatarButton}
        onClick={() => setOpenedAt(open ? null : location.key)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('header.accountMenu', { name })}
        data-testid="header-account"
      >
        <Avatar icon={member.data?.icon} size={34} />
        <Icon name="chevronDown" size={16} className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} data-testid="account-menu">
        <div className={styles.panelHead}>
          <Avatar icon={member.data?.icon} size={40} />
          <div className={styles.panelName}>
            <strong data-testid="account-menu-name">{name}</strong>
            {session.isTrial && <span className={styles.trialBadge}>{t('header.trial')}</span>}
          </div>
        </div>
        <ul className={styles.panelList}>
          {items.map((item) => (
            <li key={item.testId}>
              <Link to={item.to} className={styles.panelItem} data-testid={item.testId}>
                <Icon name={item.icon} size={18} />
                {item.label}
              </Link>
            </li>
          ))}
          <li className={styles.panelSeparator}>
            <button
              type="button"
              className={styles.panelItem}
              onClick={() => void logOut()}
              data-testid="account-menu-logout"
            >
              <Icon name="logout" size={18} />
              {t('header.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
