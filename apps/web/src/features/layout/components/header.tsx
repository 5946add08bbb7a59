import type { Whitelabel } from '@app/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { cx } from '@/lib/class-names';
import { paths } from '@/config/paths';
import { startFreePlay } from '@/lib/auth';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import styles from './header.module.css';
import { lazyChunk } from '@/lib/chunk-load';
import { Button } from '@/components/button';

// A member's balance, money buttons and account menu: visitors, who see the home page first, do
// not download them.
const MemberActions = lazyChunk('member-actions', () => import('./member-actions'));

type HeaderProps = {
  merchantName: string;
  whitelabel: Whitelabel;
  /** Opens the side menu drawer on small screens; absent on pages without a side menu. */
  onOpenMenu?: () => void;
  menuOpen: boolean;
};

/** Free play from the header: a trial account at once (the disclaimer was already accepted). */
function FreePlayButton() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    try {
      await startFreePlay();
    } catch (error) {
      void showAlert(errorText(t, error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button
      variant="ghost"
      className={styles.freePlay}
      onClick={() => void start()}
      disabled={pending}
      testId="header-free-play"
    >
      <Icon name="play" size={16} />
      {t('header.freePlay')}
    </Button>
  );
}

export function Header({ merchantName, whitelabel, onOpenMenu, menuOpen }: HeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  // An account that must change its password first is not logged in for the header yet.
  const member = session && !session.passwordChangeRequired ? session : null;
  return (
    <header className={cx(styles.header, member && styles.signedIn)} data-testid="header">
      {onOpenMenu && (
        <button
          type="button"
          className={styles.menuButton}
          onClick={onOpenMenu}
          aria-label={t('header.openMenu')}
          aria-controls="side-menu"
          aria-expanded={menuOpen}
          data-testid="side-menu-open"
        >
          <Icon name="menu" size={22} />
        </button>
      )}
      <Link
        to={paths.home}
        className={styles.logo}
        aria-label={t('header.home', { name: merchantName })}
        data-testid="logo"
      >
        <span className={styles.logoMark} aria-hidden="true">
          <Icon name="star" size={18} />
        </span>
        <span className={styles.logoText}>{merchantName}</span>
      </Link>
      <div className={styles.actions}>
        {member ? (
          <Suspense fallback={null}>
            <MemberActions
              session={member}
              showPoints={whitelabel.PTSYS3}
              showAgentCentre={whitelabel.AGENTPOLICY3}
            />
          </Suspense>
        ) : (
          <>
            {whitelabel.FREEPLAY && <FreePlayButton />}
            <Link to={paths.login} className="button button--ghost" data-testid="header-login">
              {t('header.login')}
            </Link>
            <Link
              to={paths.register}
              className="button button--primary"
              data-testid="header-register"
            >
              {t('header.register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
