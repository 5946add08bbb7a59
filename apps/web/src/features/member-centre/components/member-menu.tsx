import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { memberPagePath } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useReferralAvailable } from '@/lib/use-referral-available';
import type { MemberBadgeCounts } from '../api/get-member-badge-counts';
import { MEMBER_PAGES, type MemberPage } from '../member-pages';
import styles from '@/components/member-centre.module.css';

type MemberMenuProps = { badgeCounts: MemberBadgeCounts };

export function MemberMenu({ badgeCounts }: MemberMenuProps) {
  const { t } = useTranslation();
  const counts: Partial<Record<MemberPage, number>> = badgeCounts;
  // SPEC section 6: the referral entry only for agents, or members with the promotion on.
  const referral = useReferralAvailable();
  const pages = MEMBER_PAGES.filter((page) => page !== 'referral' || referral);
  return (
    <nav className={styles.menu} aria-label={t('member.menu')} data-testid="member-menu">
      <ul className={styles.menuList}>
        {pages.map((page) => {
          const count = counts[page] ?? 0;
          return (
            <li key={page}>
              <NavLink
                to={memberPagePath(page)}
                className={({ isActive }) => cx(styles.menuItem, isActive && styles.menuItemActive)}
                data-testid={`member-menu-${page}`}
              >
                <span>{t(`member.pages.${page}`)}</span>
                {count > 0 && (
                  <span className={styles.badge} data-testid={`member-badge-${page}`}>
                    <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                    <span className="visually-hidden">{t('member.badge', { count })}</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
