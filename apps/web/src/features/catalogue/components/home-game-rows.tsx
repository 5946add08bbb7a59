import type { GameItem, GameMenus, GameVendor } from '@app/shared';
import { HOT_GAMES_LIMIT, NAV_EXCLUDED } from '@app/shared/home';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/icon';
import { QueryContent } from '@/components/query-content';
import { categoryIcons } from '@/config/categories';
import { categoryPaths, paths } from '@/config/paths';
import { useLanguage } from '@app/client';
import { useSession } from '@/lib/session';
import { gameListQueryOptions, hotGamesQueryOptions } from '../api/games';
import { vendorIcon, vendorPage } from '../game-rules';
import { useGamesTranslation } from '@/lib/games-texts';
import { useStartGame } from '../start-game';
import { useGameLaunchClick } from '@/lib/use-game-launch';
import { GameTile } from './game-tile';
import styles from './games.module.css';
import { LazyImage } from '@/components/lazy-image';

// The game rows of the home page (SPEC section 2); features/content/components/home-sections
// places them between the content sections in the spec's order.

type RowProps = { id: string; title: string; icon: IconName; more: string; children: ReactNode };

function Row({ id, title, icon, more, children }: RowProps) {
  const { t } = useGamesTranslation();
  return (
    <section className={styles.row} aria-labelledby={id} data-testid={id}>
      <header className={styles.rowHeader}>
        <h2 id={id} className={styles.rowTitle}>
          <Icon name={icon} />
          {title}
        </h2>
        <Link
          to={more}
          className={styles.rowLink}
          aria-label={t('home.seeAllOf', { section: title })}
        >
          {t('home.seeAll')}
        </Link>
      </header>
      {children}
    </section>
  );
}

/** A strip of up to 12 tiles (SPEC section 9: home lists are trimmed to 12). */
function TileStrip({ games }: { games: GameItem[] }) {
  const start = useStartGame();
  return (
    <ul className={styles.strip}>
      {games.slice(0, HOT_GAMES_LIMIT).map((game) => (
        <li key={game.nodeId}>
          <GameTile game={game} onStart={start} />
        </li>
      ))}
    </ul>
  );
}

function useAccount() {
  return { account: useSession()?.account ?? '', language: useLanguage() };
}

export function HotRow() {
  const { t } = useGamesTranslation();
  const { account, language } = useAccount();
  // Deferred: the tiles render in a transition React slices, not in one task when the list lands.
  const query = useDeferredValue(useQuery(hotGamesQueryOptions(account, language)));
  if (query.data?.length === 0) return null;
  return (
    <Row id="home-hot" title={t('home.hot')} icon="flame" more={paths.hot}>
      <QueryContent query={query}>{(games) => <TileStrip games={games} />}</QueryContent>
    </Row>
  );
}

export function CategoryRow({ category }: { category: 'RNG' | 'FISH' }) {
  const { t } = useGamesTranslation();
  const { account, language } = useAccount();
  const query = useDeferredValue(
    useInfiniteQuery({
      ...gameListQueryOptions(account, language, { gameType: category, filter: 'ALL' }),
      select: (data) => data.pages[0]?.content ?? [],
    }),
  );
  if (query.data?.length === 0) return null;
  const title = category === 'RNG' ? t('home.rng') : t('home.fish');
  return (
    <Row
      id={`home-${category.toLowerCase()}`}
      title={title}
      icon={category === 'RNG' ? 'slots' : 'fish'}
      more={categoryPaths[category]}
    >
      <QueryContent query={query}>{(games) => <TileStrip games={games} />}</QueryContent>
    </Row>
  );
}

// A provider such as PG can serve several categories; the row shows it once, leaving out the
// entries that are not vendors of the lobby (SPEC section 9: PROMO, HOME, BGS).
function providersOf(menus: GameMenus): GameVendor[] {
  const byCode = new Map<string, GameVendor>();
  for (const { vendors } of menus) {
    for (const vendor of vendors) {
      if ((NAV_EXCLUDED as readonly string[]).includes(vendor.vassalage)) continue;
      if (!byCode.has(vendor.vassalage)) byCode.set(vendor.vassalage, vendor);
    }
  }
  return [...byCode.values()];
}

export function ProviderRow({ menus }: { menus: GameMenus }) {
  const { t } = useGamesTranslation();
  const launchClick = useGameLaunchClick();
  const providers = providersOf(menus);
  if (providers.length === 0) return null;
  return (
    <Row id="home-provider" title={t('home.provider')} icon="grid" more={paths.provider}>
      <ul className={styles.strip}>
        {providers.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link
              to={vendorPage(vendor)}
              className={styles.providerCard}
              onClick={launchClick}
              data-testid={`home-provider-${vendor.vassalage}`}
            >
              {vendor.logoUrl ? (
                <LazyImage
                  className={styles.providerLogo}
                  src={vendor.logoUrl}
                  width={96}
                  height={48}
                />
              ) : (
                <span className={styles.providerIcon} aria-hidden="true">
                  {vendorIcon(vendor.vassalage) ?? <Icon name={categoryIcons[vendor.gameType]} />}
                </span>
              )}
              <span className={styles.providerName}>{vendor.displayName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Row>
  );
}

export function LivePromo({ menus }: { menus: GameMenus }) {
  const { t } = useGamesTranslation();
  const launchClick = useGameLaunchClick();
  const vendors = menus.find((entry) => entry.gameCategory === 'LIVE')?.vendors ?? [];
  if (vendors.length === 0) return null;
  return (
    <Row id="home-live" title={t('home.live')} icon="live" more={categoryPaths.LIVE}>
      <ul className={styles.livePromo}>
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link
              to={vendorPage(vendor)}
              className={styles.promoCard}
              onClick={launchClick}
              data-testid={`home-live-${vendor.vassalage}`}
            >
              {vendor.logoUrl && (
                <LazyImage
                  className={styles.providerLogo}
                  src={vendor.logoUrl}
                  width={96}
                  height={48}
                />
              )}
              <span className={styles.promoName}>{vendor.displayName}</span>
              <span className={styles.promoText}>{t('home.liveText')}</span>
              <span className={styles.rowLink}>
                {t('home.liveEnter', { vendor: vendor.displayName })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Row>
  );
}
