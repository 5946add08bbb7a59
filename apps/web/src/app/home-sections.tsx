import type { Banner, HotMatch, PublicState, WinnerEntry } from '@app/shared';
import { formatDisplayAmount, parseAmount } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import {
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/icon';
import { LazyImage } from '@/components/lazy-image';
import { categoryPaths, paths, seamlessPath, vendorPath } from '@/config/paths';
import { formatTime } from '@/lib/format-time';
import { useLanguage } from '@app/client';
import { useSession } from '@/lib/session';
import { useGameMenus } from '@/lib/game-menus';
import {
  CategoryRow,
  HotRow,
  LivePromo,
  ProviderRow,
} from '@/features/catalogue/components/home-game-rows';
import { LaunchPopups } from '@/features/catalogue/components/launch-popups';
import { useGameLaunchClick } from '@/lib/use-game-launch';
import { publicStateQueryOptions } from '@/lib/content-queries';
import { bannersOf } from '@/features/content/banner-rules';
import {
  bannersPerView,
  HOT_MATCH_ARROWS_ABOVE,
  showsHotMatchArrows,
  WINNERS_PER_VIEW,
  winnerStyle,
} from '@/features/content/carousel-rules';
import { useContentTranslation } from '@/features/content/content-texts';
import { reportRefusedVideo, youTubeEmbedUrl, youTubeVideoId } from '@/features/content/youtube';
import { BannerLink } from '@/features/content/components/banner-link';
import { Carousel } from '@/features/content/components/carousel';
import styles from '@/features/content/components/home.module.css';
import { lazyChunk } from '@/lib/chunk-load';
import { RevealNear } from '@/lib/reveal-near';

const AnnouncementsModal = lazyChunk(
  'announcements-modal',
  () => import('@/features/content/components/announcements-modal'),
);
const PopupHost = lazyChunk('popup-host', () => import('@/features/content/components/popup-host'));

type SectionProps = {
  id: string;
  title: string;
  icon?: IconName;
  hidden?: boolean;
  children: ReactNode;
};

function Section({ id, title, icon, hidden, children }: SectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={hidden ? 'visually-hidden' : styles.sectionTitle}>
        {icon && <Icon name={icon} />}
        {title}
      </h2>
      {children}
    </section>
  );
}

function HomeBanners({ banners }: { banners: Banner[] }) {
  const { t } = useContentTranslation();
  if (banners.length === 0) return null;
  return (
    <Section id="home-banners" title={t('home.banners')} hidden>
      <Carousel
        items={banners}
        perView={bannersPerView()}
        compactPerView={1}
        label={t('home.banners')}
        itemKey={(banner) => banner.id}
        testId="home-banner-carousel"
        renderItem={(banner, position) => (
          <BannerLink
            banner={banner}
            label={t('carousel.slide', { position: position + 1, count: banners.length })}
            className={styles.bannerFrame}
          >
            <img
              className={styles.bannerImage}
              src={banner.url}
              alt=""
              width={960}
              height={420}
              // The first banner is the page's largest picture: fetched first, never lazily.
              loading={position < bannersPerView() ? 'eager' : 'lazy'}
              fetchPriority={position === 0 ? 'high' : 'auto'}
              decoding={position === 0 ? 'auto' : 'async'}
            />
          </BannerLink>
        )}
      />
    </Section>
  );
}

function NoticeMarquee({ notices }: { notices: PublicState['notice'] }) {
  const { t } = useContentTranslation();
  const [open, setOpen] = useState(false);
  const shown = notices.filter((notice) => notice.platform === 'W' || notice.platform === 'A');
  if (shown.length === 0) return null;
  return (
    <Section id="home-notice" title={t('home.notice')} hidden>
      <button
        type="button"
        className={styles.marquee}
        onClick={() => setOpen(true)}
        aria-label={t('home.noticeOpen')}
        data-testid="notice-marquee"
      >
        <Icon name="alert" />
        <span className={styles.marqueeWindow}>
          {/* The titles twice in a row: the text is in view from the start and loops seamlessly. */}
          <span className={styles.marqueeText}>
            {[false, true].map((copy) => (
              <span key={String(copy)} className={styles.marqueeGroup} aria-hidden={copy}>
                {shown.map((notice) => (
                  <span key={notice.id}>{notice.title}</span>
                ))}
              </span>
            ))}
          </span>
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AnnouncementsModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Section>
  );
}

function winAmount(amount: string, symbol: string): string {
  const minor = parseAmount(amount);
  return `${symbol}${minor === null ? amount : formatDisplayAmount(minor)}`;
}

function Winners({ winners, symbol }: { winners: WinnerEntry[]; symbol: string }) {
  const { t } = useContentTranslation();
  if (winners.length === 0) return null;
  return (
    <Section id="home-winners" title={t('home.winners')} icon="trophy">
      <Carousel
        items={winners}
        perView={WINNERS_PER_VIEW}
        // One card and the edge of the next on a phone: a game, a player and an amount to read.
        compactPerView={1.2}
        label={t('home.winners')}
        itemKey={(winner) => `${winner.nodeId}-${winner.gameTime}-${winner.customerName}`}
        testId="home-winner-carousel"
        arrowsBeside
        renderItem={(winner, position) => (
          <div className={styles.winner} data-style={winnerStyle(position)} data-testid="winner">
            <LazyImage className={styles.winnerIcon} src={winner.iconUrl} width={48} height={48} />
            <span className={styles.winnerGame}>{winner.gameName}</span>
            <span className={styles.winnerName}>{winner.customerName}</span>
            <span className={styles.winnerAmount}>
              {t('home.winnerAmount', { amount: winAmount(winner.winAmount, symbol) })}
            </span>
          </div>
        )}
      />
    </Section>
  );
}

function VideoSlide({ link, cover }: { link: string; cover: string }) {
  const id = youTubeVideoId(link);
  const [playing, setPlaying] = useState(false);
  if (!id) return null;
  return playing ? (
    <iframe
      className={styles.video}
      src={`${youTubeEmbedUrl(id)}?autoplay=1`}
      title="YouTube"
      allow="autoplay; encrypted-media; picture-in-picture"
      allowFullScreen
    />
  ) : (
    <button
      type="button"
      className={styles.videoCover}
      onClick={() => setPlaying(true)}
      aria-label="YouTube"
    >
      {/* The operator's cover, never a YouTube thumbnail: nothing is fetched from YouTube until the visitor plays. */}
      {cover && <LazyImage src={cover} width={960} height={540} />}
      <Icon name="play" size={40} />
    </button>
  );
}

/** Video banners (w_video): YouTube links only; any other link embeds nothing and is logged once. */
function Videos({ banners }: { banners: Banner[] }) {
  const { t } = useContentTranslation();
  const videos = banners.filter((banner) => {
    if (youTubeVideoId(banner.linkage)) return true;
    reportRefusedVideo(banner.linkage);
    return false;
  });
  if (videos.length === 0) return null;
  return (
    <Section id="home-videos" title={t('home.videos')} icon="play">
      <Carousel
        items={videos}
        perView={Math.min(videos.length, bannersPerView())}
        compactPerView={1}
        label={t('home.videos')}
        itemKey={(video) => video.id}
        testId="home-video-carousel"
        renderItem={(video) => (
          <div className={styles.videoFrame}>
            <VideoSlide link={video.linkage} cover={video.url} />
          </div>
        )}
      />
    </Section>
  );
}

function Team({ name, crest }: { name: string; crest: string }) {
  return (
    <span className={styles.team}>
      <LazyImage src={crest} width={40} height={40} />
      {name}
    </span>
  );
}

/** Where a hot match's bet button leads: its game, else the sports vendor's page. */
function betPath(match: HotMatch): string {
  return match.nodeId === null
    ? vendorPath(categoryPaths.SPORTS, match.vendorCode)
    : seamlessPath(match.nodeId);
}

function HotMatches({ matches }: { matches: HotMatch[] }) {
  const { t } = useContentTranslation();
  const launchClick = useGameLaunchClick();
  if (matches.length === 0) return null;
  return (
    <Section id="home-hot-matches" title={t('home.hotMatches')} icon="sports">
      <Carousel
        items={matches}
        perView={HOT_MATCH_ARROWS_ABOVE}
        compactPerView={1}
        arrows={showsHotMatchArrows(matches.length)}
        label={t('home.hotMatches')}
        itemKey={(match) => match.id}
        testId="home-hot-match-carousel"
        arrowsBeside
        renderItem={(match) => {
          const name = `${match.homeTeam} ${t('home.versus')} ${match.awayTeam}`;
          return (
            <article className={styles.match} data-testid="hot-match">
              <p className={styles.matchTitle}>{match.title}</p>
              <div className={styles.teams}>
                <Team name={match.homeTeam} crest={match.homeTeamImageUrl} />
                <span className={styles.versus}>{t('home.versus')}</span>
                <Team name={match.awayTeam} crest={match.awayTeamImageUrl} />
              </div>
              <p className={styles.time}>{formatTime(match.matchTime)}</p>
              <Link
                to={betPath(match)}
                className="button button--primary"
                onClick={launchClick}
                aria-label={t('home.betOn', { match: name })}
                data-testid="hot-match-bet"
              >
                {t('home.bet')}
              </Link>
            </article>
          );
        }}
      />
    </Section>
  );
}

function AppDownload() {
  const { t } = useContentTranslation();
  return (
    <Section id="home-app-download" title={t('home.appDownload')} icon="phone">
      <div className={styles.appDownload}>
        <p>{t('home.appDownloadText')}</p>
        <Link to={paths.appDownload} className="button button--primary" data-testid="home-app-link">
          {t('home.appDownloadLink')}
        </Link>
      </div>
    </Section>
  );
}

/**
 * How many of `total` parts are mounted: the first at once, then one more in each following task,
 * each in a transition. Each part's render, commit and layout is then a task of its own instead of
 * one long task for the whole first screen, and the parts come in top to bottom, so nothing in
 * view moves.
 */
function useOneByOne(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setShown((count) => count + 1)));
    return () => window.clearTimeout(timer);
  }, [shown, total]);
  return shown;
}

/**
 * The home page below its heading, in the order of SPEC section 2: banners (w_home), notice
 * marquee, winners, hot games, videos (w_video), slots, providers, live promo, hot matches,
 * fishing, app download; then the operator's popups once the announcements have loaded. The
 * first screen's sections are mounted one by one (useOneByOne), `firstScreen` (the route's
 * first screen, drawn from index.html's banner) standing in until the page's answer is in; what follows the hot row is mounted as the visitor scrolls near it
 * (lib/reveal-near).
 */
export default function HomeSections({ firstScreen }: { firstScreen: ReactNode }) {
  const account = useSession()?.account ?? '';
  const language = useLanguage();
  // Deferred: the sections fill in a transition React slices, not in one task when the answer lands.
  const state = useDeferredValue(useQuery(publicStateQueryOptions(account, language)).data);
  const menus = useGameMenus().data ?? [];
  const banners = state?.banners ?? [];
  const parts = [
    <HomeBanners key="banners" banners={bannersOf(banners, 'w_home')} />,
    <NoticeMarquee key="notice" notices={state?.notice ?? []} />,
    <Winners
      key="winners"
      winners={state?.winnerBoard ?? []}
      symbol={state?.currencySymbol ?? ''}
    />,
    <HotRow key="hot" />,
    <RevealNear
      key="below"
      parts={[
        <Videos key="videos" banners={bannersOf(banners, 'w_video')} />,
        <CategoryRow key="rng" category="RNG" />,
        <ProviderRow key="provider" menus={menus} />,
        <LivePromo key="live" menus={menus} />,
        <HotMatches key="matches" matches={state?.sportsMatchHotList ?? []} />,
        <CategoryRow key="fish" category="FISH" />,
        <AppDownload key="app" />,
      ]}
    />,
    <LaunchPopups key="launch" />,
    <Suspense key="popups" fallback={null}>
      <PopupHost />
    </Suspense>,
  ];
  const shown = useOneByOne(state ? parts.length : 0);
  if (!state) return firstScreen;
  return parts.slice(0, shown);
}
