import type { GameItem } from '@app/shared';
import { useEffect, useState } from 'react';
import { Icon } from '@/components/icon';
import { cx } from '@/lib/class-names';
import {
  cardVariant,
  initialOnlineCount,
  nextOnlineCount,
  ONLINE_TICK_MS,
  vendorIcon,
} from '../game-rules';
import { useGamesTranslation } from '@/lib/games-texts';
import styles from './games.module.css';
import { VendorLogo } from '@/components/vendor-logo';

// One clock for every online count on the page: their moves are one task every 3 s (React
// renders them together), not a timer and a task per card.
const tickListeners = new Set<() => void>();
let tickTimer: number | undefined;

function onOnlineTick(listener: () => void): () => void {
  tickListeners.add(listener);
  tickTimer ??= window.setInterval(() => {
    for (const tick of tickListeners) tick();
  }, ONLINE_TICK_MS);
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0) {
      window.clearInterval(tickTimer);
      tickTimer = undefined;
    }
  };
}

// The count in both site languages (EN, TL: "1,234"), without Intl: a page's first number format
// loads the browser's locale data, the largest part of a list page's first render (20 cards) on
// a phone.
function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** SPEC section 9: a made-up player count that moves every 3 s, as the product shows it. */
function OnlineCount() {
  const { t } = useGamesTranslation();
  const [count, setCount] = useState(() => initialOnlineCount(Math.random()));
  useEffect(
    () => onOnlineTick(() => setCount((current) => nextOnlineCount(current, Math.random()))),
    [],
  );
  return (
    <span className={styles.online} data-testid="online-count">
      {t('tile.online', { count: formatCount(count) })}
    </span>
  );
}

type GameCardProps = {
  game: GameItem;
  onStart: (game: GameItem) => void;
  onToggleFavorite: (game: GameItem) => void;
  /** The vendor's logo (useVendorLogos, read once for the whole list); none shows its name. */
  vendorLogoUrl?: string;
  /** A card of the list's first screen: its image is fetched at once, not when scrolled near. */
  firstScreen?: boolean;
};

/**
 * A game of a list page (SPEC section 2, list card): image, name, type label, provider, the hot
 * badge when isHot is 1, the online count and the favourite toggle; one of nine looks by node id.
 */
export function GameCard({
  game,
  onStart,
  onToggleFavorite,
  vendorLogoUrl,
  firstScreen,
}: GameCardProps) {
  const { t, tMain } = useGamesTranslation();
  const variant = cardVariant(game.nodeId);
  const icon = vendorIcon(game.vassalage);
  return (
    <article
      className={cx(styles.card, styles[`card${variant}`])}
      data-testid={`game-card-${game.nodeId}`}
      data-variant={variant}
    >
      <button
        type="button"
        className={styles.cardPlay}
        onClick={() => onStart(game)}
        aria-label={t('tile.play', { name: game.nodeName })}
        data-testid="game-start"
      >
        <img
          className={styles.cardImage}
          width={320}
          height={320}
          src={game.iconUrl}
          alt=""
          loading={firstScreen ? 'eager' : 'lazy'}
          fetchPriority={firstScreen ? 'high' : 'auto'}
          decoding="async"
        />
        {icon && <span className={cx(styles.vendorIcon, styles.cardIcon)}>{icon}</span>}
        <span className={styles.badges}>
          {game.isHot === 1 && (
            <span className={styles.hot} data-testid="hot-badge">
              {t('tile.hot')}
            </span>
          )}
          {game.isNew === 1 && (
            <span className={styles.new} data-testid="new-badge">
              {t('tile.new')}
            </span>
          )}
          {game.maintenance && <span className={styles.down}>{t('tile.maintenance')}</span>}
        </span>
      </button>
      <button
        type="button"
        className={cx(styles.favorite, game.favorite && styles.favoriteOn)}
        onClick={() => onToggleFavorite(game)}
        aria-pressed={game.favorite}
        aria-label={t(game.favorite ? 'tile.favoriteRemove' : 'tile.favoriteAdd', {
          name: game.nodeName,
        })}
        data-testid="favorite-toggle"
      >
        <Icon name="heart" size={18} />
      </button>
      <div className={styles.cardBody}>
        <h3 className={styles.cardName} data-testid="game-name">
          {game.nodeName}
        </h3>
        <p className={styles.cardMeta}>
          <span className={styles.typeLabel}>{tMain(`categories.${game.gameType}`)}</span>
          <span className={styles.cardVendor}>
            <VendorLogo name={game.vendorName} logoUrl={vendorLogoUrl} size="meta" withName />
          </span>
        </p>
        <OnlineCount />
      </div>
    </article>
  );
}
