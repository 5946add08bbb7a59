import type { GameCategory, Resource, SOCIAL_KEYS } from '@app/shared';
import { Suspense, useDeferredValue, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '@/components/icon';
import { categoryIcons } from '@/config/categories';
import { categoryPaths, memberPagePath, paths } from '@/config/paths';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { cx } from '@/lib/class-names';
import { openAppModal } from '@/lib/modals';
import { useMediaQuery } from '@/lib/use-media-query';
import { LanguageSelect } from './language-select';
import { MENU_COLUMN_QUERY } from './menu-column';
import styles from './side-menu.module.css';
import { lazyChunk } from '@/lib/chunk-load';

// The QR encoder is only needed when the operator publishes app links.
const AppQrCode = lazyChunk('app-qr-code', () => import('./app-qr-code'));

/** Categories listed only when they have a provider; slots and fishing are always listed. */
const OPTIONAL_CATEGORIES: GameCategory[] = ['LIVE', 'COCKFIGHT', 'SPORTS', 'LOTT', 'ELOTT'];
const ALWAYS_LISTED: GameCategory[] = ['RNG', 'FISH'];
const APP_KEYS = ['IOS_APP', 'ANDROID_APP'] as const;

/**
 * Whether the app QR codes should be drawn: once they can be seen (the menu column on a wide
 * screen, the drawer once opened on a phone) and not before the first paint. Encoding a QR code
 * takes tens of milliseconds on a phone, for a drawer most visitors never open.
 */
function useQrCodesShown(drawerOpen: boolean): boolean {
  const afterFirstPaint = useAfterFirstPaint();
  const column = useMediaQuery(MENU_COLUMN_QUERY);
  const [seen, setSeen] = useState(false);
  if (!seen && afterFirstPaint && (column || drawerOpen)) setSeen(true);
  // Deferred: the drawer opens at once and the codes are drawn in the render after.
  return useDeferredValue(seen);
}

type SocialKey = (typeof SOCIAL_KEYS)[number];

// The social link keys of @app/shared in display order, kept here so the start-up bundle does
// not pull in zod; the `Record` type fails the build when a key is missing or unknown.
const SOCIAL_LINKS: Record<SocialKey, true> = {
  FACEBOOK: true,
  WHATSAPP: true,
  TELEGRAM: true,
  INSTAGRAM: true,
  VIBER: true,
};
const SOCIAL_LINK_KEYS = Object.keys(SOCIAL_LINKS) as SocialKey[];

type SideMenuProps = {
  categories: GameCategory[];
  resources: Record<string, Resource>;
  customerServiceUrl: string;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
};

type MenuLinkProps = { to: string; icon: IconName; label: string; testId: string };

function MenuLink({ to, icon, label, testId }: MenuLinkProps) {
  return (
    <li>
      <NavLink
        to={to}
        className={({ isActive }) => cx(styles.link, isActive && styles.linkActive)}
        title={label}
        data-testid={testId}
      >
        <Icon name={icon} />
        <span className={styles.label}>{label}</span>
      </NavLink>
    </li>
  );
}

export default function SideMenu({
  categories,
  resources,
  customerServiceUrl,
  collapsed,
  onToggleCollapsed,
  drawerOpen,
  onCloseDrawer,
}: SideMenuProps) {
  const { t } = useTranslation();
  const qrCodesShown = useQrCodesShown(drawerOpen);
  const games = [
    ...OPTIONAL_CATEGORIES.filter((category) => categories.includes(category)),
    ...ALWAYS_LISTED,
  ];
  const socials = SOCIAL_LINK_KEYS.flatMap((key) => {
    const resource = resources[key];
    return resource ? [{ key, ...resource }] : [];
  });
  const apps = APP_KEYS.flatMap((key) => {
    const resource = resources[key];
    return resource ? [{ key, url: resource.url }] : [];
  });

  const closeButton = useRef<HTMLButtonElement>(null);

  // Keyboard and screen reader users land inside the drawer they just opened.
  useEffect(() => {
    if (drawerOpen) closeButton.current?.focus();
  }, [drawerOpen]);

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape' && drawerOpen) onCloseDrawer();
  }

  return (
    <>
      <div
        className={cx(styles.scrim, drawerOpen && styles.scrimVisible)}
        onClick={onCloseDrawer}
        aria-hidden="true"
      />
      <aside
        id="side-menu"
        className={cx(styles.menu, collapsed && styles.collapsed, drawerOpen && styles.open)}
        aria-label={t('sideMenu.label')}
        data-testid="side-menu"
        onKeyDown={closeOnEscape}
      >
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.collapseButton}
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('sideMenu.expand') : t('sideMenu.collapse')}
            data-testid="side-menu-collapse"
          >
            <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
          </button>
          <button
            ref={closeButton}
            type="button"
            className={styles.closeButton}
            onClick={onCloseDrawer}
            aria-label={t('sideMenu.close')}
            data-testid="side-menu-close"
          >
            <Icon name="close" />
          </button>
        </div>

        <nav aria-label={t('sideMenu.games')}>
          <ul className={styles.list}>
            {games.map((category) => (
              <MenuLink
                key={category}
                to={categoryPaths[category]}
                icon={categoryIcons[category]}
                label={t(`categories.${category}`)}
                testId={`side-${categoryPaths[category].slice(1)}`}
              />
            ))}
          </ul>
        </nav>

        <nav aria-label={t('sideMenu.rewards')} className={styles.group}>
          <ul className={styles.list}>
            <MenuLink
              to={memberPagePath('rewardCenter')}
              icon="wheel"
              label={t('sideMenu.turntable')}
              testId="side-turntable"
            />
            <MenuLink
              to={paths.promotions}
              icon="gift"
              label={t('sideMenu.promotions')}
              testId="side-promotions"
            />
            <MenuLink
              to={memberPagePath('missionLeaderboard')}
              icon="trophy"
              label={t('sideMenu.tournament')}
              testId="side-tournament"
            />
          </ul>
        </nav>

        {socials.length > 0 && (
          <section className={cx(styles.group, styles.expandedOnly)} aria-labelledby="side-social">
            <h2 id="side-social" className={styles.heading}>
              {t('sideMenu.social')}
            </h2>
            <ul className={styles.socials}>
              {socials.map((social) => (
                <li key={social.key}>
                  <a
                    href={social.url}
                    className={styles.social}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`social-${social.key}`}
                  >
                    <Icon name="link" size={16} />
                    {social.labelNameEn}
                    <span className="visually-hidden">{t('common.opensInNewTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}

        {apps.length > 0 && (
          <section className={cx(styles.group, styles.expandedOnly)} aria-labelledby="side-apps">
            <h2 id="side-apps" className={styles.heading}>
              {t('sideMenu.apps')}
            </h2>
            <ul className={styles.apps}>
              {apps.map((app) => (
                <li key={app.key}>
                  <Suspense fallback={<span className={styles.qrSpace} />}>
                    {qrCodesShown ? (
                      <AppQrCode
                        url={app.url}
                        platform={t(`sideMenu.platforms.${app.key}`)}
                        testId={`app-qr-${app.key}`}
                      />
                    ) : (
                      <span className={styles.qrSpace} />
                    )}
                  </Suspense>
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className={styles.group}>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              onCloseDrawer();
              openAppModal('feedback');
            }}
            title={t('sideMenu.feedback')}
            data-testid="side-feedback"
          >
            <Icon name="message" />
            <span className={styles.label}>{t('sideMenu.feedback')}</span>
          </button>
          {customerServiceUrl && (
            <a
              href={customerServiceUrl}
              className={styles.link}
              target="_blank"
              rel="noopener noreferrer"
              title={t('sideMenu.customerService')}
              data-testid="side-customer-service"
            >
              <Icon name="headset" />
              <span className={styles.label}>{t('sideMenu.customerService')}</span>
              <span className="visually-hidden">{t('common.opensInNewTab')}</span>
            </a>
          )}
          <div className={styles.expandedOnly}>
            <LanguageSelect />
          </div>
        </div>
      </aside>
    </>
  );
}
