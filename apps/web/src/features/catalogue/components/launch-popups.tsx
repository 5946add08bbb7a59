import type { GameCategory } from '@app/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PopupModal } from '@/components/popup-modal';
import { useLanguage } from '@app/client';
import { useSession } from '@/lib/session';
import { gameListQueryOptions } from '../api/games';
import { useGamesTranslation } from '@/lib/games-texts';
import { closeLaunchPopup, useLaunchPopup, useStartGame, type LaunchPopup } from '../start-game';
import { PagedGames } from './game-grid';
import { GameTile } from './game-tile';
import styles from './games.module.css';
import logoStyles from './catalogue.module.css';
import { LazyImage } from '@/components/lazy-image';
import { useVendorLogos } from '@/components/vendor-logo';

function SubGames({ vassalage, gameType }: { vassalage: string; gameType: GameCategory }) {
  const { t } = useGamesTranslation();
  const account = useSession()?.account ?? '';
  const language = useLanguage();
  // The list holds the vendor's own lobby entry too: the popup shows only games to play.
  const query = useInfiniteQuery({
    ...gameListQueryOptions(account, language, { vassalage, gameType, filter: 'ALL' }),
    select: (data) => ({
      ...data,
      pages: data.pages.map((page) => {
        const content = page.content.filter((game) => game.isGame === 'GAME');
        const dropped = page.content.length - content.length;
        return { ...page, content, totalElements: page.totalElements - dropped };
      }),
    }),
  });
  return <PagedGames query={query} emptyText={t('list.emptyText')} testId="sub-games" />;
}

function Maintenance({ popup }: { popup: Extract<LaunchPopup, { kind: 'maintenance' }> }) {
  const { t } = useGamesTranslation();
  const start = useStartGame();
  return (
    <>
      <p>
        {popup.game
          ? t('maintenance.text', { name: popup.game.nodeName })
          : t('maintenance.textVendor')}
      </p>
      {popup.suggestions.length === 0 ? (
        <p>{t('maintenance.none')}</p>
      ) : (
        <ul className={styles.suggestions} data-testid="maintenance-suggestions">
          {popup.suggestions.map((game) => (
            <li key={game.nodeId}>
              <GameTile
                game={game}
                onStart={(chosen) => {
                  closeLaunchPopup();
                  start(chosen);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The popups a game click opens on the page it was made on: a vendor's sub-game list (isGame
 * VASSALAGE) and "game under maintenance" with other games to play (SPEC sections 2 and 8).
 * Every page with game tiles or cards renders it once.
 */
export function LaunchPopups() {
  const { t } = useGamesTranslation();
  const popup = useLaunchPopup();
  const logos = useVendorLogos();
  // Leaving the page (back button, a link) closes its popup rather than carrying it along.
  useEffect(() => closeLaunchPopup, []);
  if (!popup) return null;
  if (popup.kind === 'subGames') {
    return (
      <PopupModal
        title={t('subGames.title', { vendor: popup.title })}
        onClose={closeLaunchPopup}
        size="large"
        testId="sub-games-modal"
      >
        {logos.has(popup.vassalage) && (
          // The title names the vendor; its logo is the picture of it.
          <LazyImage
            className={`${logoStyles.vendorLogo} ${logoStyles.logoHeading} ${logoStyles.popupLogo}`}
            src={logos.get(popup.vassalage)!}
            width={200}
            height={100}
          />
        )}
        <SubGames vassalage={popup.vassalage} gameType={popup.gameType} />
      </PopupModal>
    );
  }
  return (
    <PopupModal
      title={t('maintenance.title')}
      onClose={closeLaunchPopup}
      size="large"
      testId="maintenance-modal"
    >
      <Maintenance popup={popup} />
    </PopupModal>
  );
}
