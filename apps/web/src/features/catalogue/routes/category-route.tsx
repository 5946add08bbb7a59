import '@/lib/games-texts';
import type { GameCategory } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryContent } from '@/components/query-content';
import { categoryIcons } from '@/config/categories';
import { categoryPaths } from '@/config/paths';
import { useGameMenus } from '@/lib/game-menus';
import { GameBrowser } from '../components/game-browser';
import { LaunchPopups } from '../components/launch-popups';
import { VendorHeading } from '../components/vendor-logo';
import { VendorPicker } from '../components/vendor-picker';

type CategoryRouteProps = { category: GameCategory };

/**
 * A game category page: its providers as filters (`?vassalage=`), then its games with the list
 * filters and the name search.
 */
export default function CategoryRoute({ category }: CategoryRouteProps) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('vassalage');
  return (
    <>
      <PageHeader title={t(`categories.${category}`)} />
      <QueryContent query={menus}>
        {(data) => {
          const vendors = data.find((entry) => entry.gameCategory === category)?.vendors ?? [];
          if (vendors.length === 0) {
            return (
              <EmptyState
                icon={categoryIcons[category]}
                title={t('catalogue.noVendorsTitle')}
                description={t('catalogue.noVendorsText')}
              />
            );
          }
          const chosen = vendors.find((vendor) => vendor.vassalage === requested);
          const selected = chosen?.vassalage ?? null;
          return (
            <>
              <VendorPicker
                vendors={vendors}
                basePath={categoryPaths[category]}
                selected={selected}
              />
              {chosen && <VendorHeading name={chosen.displayName} logoUrl={chosen.logoUrl} />}
              <GameBrowser gameType={category} vassalage={selected ?? undefined} />
              <LaunchPopups />
            </>
          );
        }}
      </QueryContent>
    </>
  );
}
