import type { GameVendor } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { vendorPath } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useGameLaunchClick } from '@/lib/use-game-launch';
import styles from './catalogue.module.css';
import { VendorLogo } from '@/components/vendor-logo';

type VendorPickerProps = {
  vendors: GameVendor[];
  /** The page the links filter, e.g. `/rng`; each vendor adds `?vassalage=<code>`. */
  basePath: string;
  selected: string | null;
};

/**
 * The providers of a page as filter links, each by its logo; the current one is marked for screen
 * readers too.
 * Opening a provider goes through the game launch check; "all" does not.
 */
export function VendorPicker({ vendors, basePath, selected }: VendorPickerProps) {
  const { t } = useTranslation();
  const launchClick = useGameLaunchClick();
  const options = [
    { key: 'all', label: t('catalogue.allProviders'), to: basePath, current: selected === null },
    ...vendors.map((vendor) => ({
      key: vendor.vassalage,
      label: vendor.displayName,
      logoUrl: vendor.logoUrl,
      to: vendorPath(basePath, vendor.vassalage),
      current: selected === vendor.vassalage,
      maintenance: vendor.maintenance,
    })),
  ];
  return (
    <nav className={styles.picker} aria-label={t('catalogue.providerFilter')}>
      <ul className={styles.pickerList}>
        {options.map((option) => (
          <li key={option.key}>
            <Link
              to={option.to}
              className={cx(
                styles.pickerItem,
                'logoUrl' in option && option.logoUrl && styles.pickerItemLogo,
                option.current && styles.pickerItemCurrent,
              )}
              aria-current={option.current ? 'page' : undefined}
              onClick={option.key === 'all' ? undefined : launchClick}
              data-testid={`vendor-${option.key}`}
            >
              {'logoUrl' in option ? (
                <VendorLogo name={option.label} logoUrl={option.logoUrl} size="chip" />
              ) : (
                option.label
              )}
              {'maintenance' in option && option.maintenance && (
                <span className={styles.tag}>{t('common.maintenanceTag')}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
