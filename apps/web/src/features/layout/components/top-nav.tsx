import type { GameCategory } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '@/components/icon';
import { categoryIcons } from '@/config/categories';
import { categoryPaths, paths } from '@/config/paths';
import { cx } from '@/lib/class-names';
import styles from './top-nav.module.css';

type TopNavProps = { categories: GameCategory[] };

type NavItem = { to: string; label: string; icon: IconName; testId: string };

/** Home, in-house games, one entry per category that has a provider, then promotions. */
export function TopNav({ categories }: TopNavProps) {
  const { t } = useTranslation();
  const items: NavItem[] = [
    { to: paths.home, label: t('nav.home'), icon: 'home', testId: 'nav-home' },
    { to: paths.bgs, label: t('nav.bgs'), icon: 'house', testId: 'nav-bgs' },
    ...categories.map((category) => ({
      to: categoryPaths[category],
      label: t(`categories.${category}`),
      icon: categoryIcons[category],
      testId: `nav-${categoryPaths[category].slice(1)}`,
    })),
    { to: paths.promotions, label: t('nav.promotions'), icon: 'gift', testId: 'nav-promotions' },
  ];
  return (
    <nav className={styles.nav} aria-label={t('nav.label')} data-testid="top-nav">
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) => cx(styles.item, isActive && styles.itemActive)}
              data-testid={item.testId}
            >
              <Icon name={item.icon} size={18} />
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
