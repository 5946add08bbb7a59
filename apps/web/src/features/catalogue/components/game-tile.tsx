import type { GameItem } from '@app/shared';
import { cx } from '@/lib/class-names';
import { tileShowsImageOnly, tileVariant, vendorIcon } from '../game-rules';
import { useGamesTranslation } from '@/lib/games-texts';
import styles from './games.module.css';

type GameTileProps = { game: GameItem; onStart: (game: GameItem) => void };

/**
 * A game of a home row (SPEC section 2, game tile): its large image loaded only when scrolled
 * near, the vendor's icon, the start label and the name (a live table shows its image alone), and one of
 * five looks picked by node id.
 */
export function GameTile({ game, onStart }: GameTileProps) {
  const { t } = useGamesTranslation();
  const imageOnly = tileShowsImageOnly(game.gameType);
  const icon = imageOnly ? null : vendorIcon(game.vassalage);
  const variant = tileVariant(game.nodeId);
  return (
    <button
      type="button"
      className={cx(styles.tile, styles[`tile${variant}`])}
      onClick={() => onStart(game)}
      aria-label={t('tile.play', { name: game.nodeName })}
      data-testid={`game-tile-${game.nodeId}`}
      data-variant={variant}
    >
      <img
        className={styles.tileImage}
        width={320}
        height={320}
        src={game.lagerIcon || game.iconUrl}
        alt=""
        loading="lazy"
        decoding="async"
      />
      {icon && (
        <span className={styles.vendorIcon} data-testid="vendor-icon">
          {icon}
        </span>
      )}
      {game.maintenance ? (
        <span className={styles.badges}>
          <span className={styles.down}>{t('tile.maintenance')}</span>
        </span>
      ) : (
        !imageOnly && (
          // Top right, clear of the vendor icon and of the name the game's art draws at its foot.
          <span className={styles.start} aria-hidden="true">
            {t('tile.start')}
          </span>
        )
      )}
      {!imageOnly && <span className={styles.tileName}>{game.nodeName}</span>}
    </button>
  );
}
