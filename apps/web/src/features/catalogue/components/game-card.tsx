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

/** SPEC section 9: a made-up player count that moves every 3 s, as the product shows it. */
function useOnlineCount(): number {
  const [count, setCount] = useState(() => initialOnlineCount(Math.random()));
  useEffect(() => {
    const timer = window.setInterval(
      () => setCount((current) => nextOnlineCount(current, Math.random())),
      ONLINE_TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, []);
  return count;
}

type GameCardProps = {
  game: GameItem;
  onStart: (game: GameItem) => void;
  onToggleFavorite: (game: GameItem) => void;
};

/**
 * A game of a list page (SPEC section 2, list card): image, name, type label, provider, the hot
 * badge when isHot is 1, the online count and the favourite toggle; one of nine looks by node id.
 */
export function GameCard({ game, onStart, onToggleFavorite }: GameCardProps) {
  const { t, tMain, language } = useGamesTranslation();
  const online = useOnlineCount();
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
          loading="lazy"
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
          <span>{game.vendorName}</span>
        </p>
        <span className={styles.online} data-testid="online-count">
          {t('tile.online', { count: online.toLocaleString(language) })}
        </span>
      </div>
    </article>
  );
}
