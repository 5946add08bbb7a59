import '@/lib/games-texts';
import type { GameCategory, GameMenus, GameVendor } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryContent } from '@/components/query-content';
import { categoryPaths, paths, vendorPath } from '@/config/paths';
import { useGameMenus } from '@/lib/game-menus';
import styles from '../components/catalogue.module.css';
import { GameBrowser } from '../components/game-browser';
import { LaunchPopups } from '../components/launch-popups';
import { VendorHeading } from '../components/vendor-logo';
import { VendorPicker } from '../components/vendor-picker';
import { useGameLaunchClick } from '@/lib/use-game-launch';

type Provider = { vendor: GameVendor; categories: GameCategory[] };

// A provider such as PG can serve several categories; the provider list shows it once.
function providersOf(menus: GameMenus): Provider[] {
  const byCode = new Map<string, Provider>();
  for (const { gameCategory, vendors } of menus) {
    for (const vendor of vendors) {
      const provider = byCode.get(vendor.vassalage);
      if (provider) provider.categories.push(gameCategory);
      else byCode.set(vendor.vassalage, { vendor, categories: [gameCategory] });
    }
  }
  return [...byCode.values()];
}

/**
 * All game providers and their games; `?vassalage=` selects one, shows the categories it serves
 * and lists only its games.
 */
export default function ProviderRoute() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('vassalage');
  const launchClick = useGameLaunchClick();
  return (
    <>
      <PageHeader title={t('catalogue.providerTitle')} />
      <QueryContent query={menus}>
        {(data) => {
          const providers = providersOf(data);
          const selected = providers.find(({ vendor }) => vendor.vassalage === requested);
          return (
            <>
              <VendorPicker
                vendors={providers.map(({ vendor }) => vendor)}
                basePath={paths.provider}
                selected={selected?.vendor.vassalage ?? null}
              />
              {selected && (
                <VendorHeading
                  name={selected.vendor.displayName}
                  logoUrl={selected.vendor.logoUrl}
                />
              )}
              {selected && (
                <ul className={styles.providerCategories}>
                  {selected.categories.map((category) => (
                    <li key={category}>
                      <Link
                        to={vendorPath(categoryPaths[category], selected.vendor.vassalage)}
                        className={styles.vendorChip}
                        onClick={launchClick}
                      >
                        {t(`categories.${category}`)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <GameBrowser vassalage={selected?.vendor.vassalage} />
              <LaunchPopups />
            </>
          );
        }}
      </QueryContent>
    </>
  );
}
