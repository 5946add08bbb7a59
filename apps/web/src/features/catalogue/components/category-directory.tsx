import type { GameMenus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { categoryIcons } from '@/config/categories';
import { categoryPaths, vendorPath } from '@/config/paths';
import { useGameLaunchClick } from '@/lib/use-game-launch';
import styles from './catalogue.module.css';

type CategoryDirectoryProps = { menus: GameMenus };

/**
 * Every game category with its providers, each leading to the category page; a provider opens
 * only for an account that may launch games.
 */
export function CategoryDirectory({ menus }: CategoryDirectoryProps) {
  const { t } = useTranslation();
  const launchClick = useGameLaunchClick();
  return (
    <ul className={styles.directory}>
      {menus.map(({ gameCategory, vendors }) => {
        const path = categoryPaths[gameCategory];
        const name = t(`categories.${gameCategory}`);
        return (
          <li key={gameCategory} className={styles.categoryCard}>
            <Link
              to={path}
              className={styles.categoryLink}
              data-testid={`home-category-${gameCategory}`}
              aria-label={t('home.browse', { category: name })}
            >
              <span className={styles.categoryIcon}>
                <Icon name={categoryIcons[gameCategory]} size={26} />
              </span>
              <span className={styles.categoryText}>
                <span className={styles.categoryName}>{name}</span>
                <span className={styles.categoryCount}>
                  {t('home.vendorCount', { count: vendors.length })}
                </span>
              </span>
              <Icon name="chevronRight" className={styles.categoryArrow} />
            </Link>
            <ul className={styles.vendorChips}>
              {vendors.map((vendor) => (
                <li key={vendor.vassalage}>
                  <Link
                    to={vendorPath(path, vendor.vassalage)}
                    className={styles.vendorChip}
                    onClick={launchClick}
                    data-testid={`home-vendor-${gameCategory}-${vendor.vassalage}`}
                  >
                    {vendor.displayName}
                    {vendor.maintenance && (
                      <span className={styles.tag}>{t('common.maintenanceTag')}</span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
