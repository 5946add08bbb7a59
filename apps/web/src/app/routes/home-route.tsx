import { useLanguage } from '@app/client';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bootHomeBanner } from '@/lib/boot-requests';
import { publicStateQueryOptions } from '@/lib/content-queries';
import { useSession } from '@/lib/session';
import { bannersOf } from '@/features/content/banner-rules';
import contentStyles from '@/features/content/components/home.module.css';
import { lazyChunk } from '@/lib/chunk-load';
import { useAfterFirstPaint } from '@/lib/after-first-paint';

// The home sections (banners, notices, winners, the game rows, videos, hot matches, app download)
// come in a chunk of their own with their texts: the entry bundle is at its size limit.
const HomeSections = lazyChunk('home-sections', () => import('../home-sections'));

function useBootHomeBanner(): string | null {
  const [url, setUrl] = useState(() => bootHomeBanner().now);
  useEffect(() => {
    let mounted = true;
    void bootHomeBanner().read.then((read) => mounted && setUrl(read));
    return () => {
      mounted = false;
    };
  }, []);
  return url;
}

/**
 * What the home page shows until its sections arrive: the first banner of w_home where the
 * carousel's first slide will be, and the notice bar's room, so the first screen neither waits
 * for the chunk nor moves when it lands (the footer stays below the fold: main is a screen tall).
 */
function FirstScreen() {
  const account = useSession()?.account ?? '';
  const language = useLanguage();
  // On the home page's own load the banner is index.html's: the answer is checked (zod and the
  // home schemas, loaded for it) only once the sections come, after the first paint.
  const booted = bootHomeBanner().booted;
  const state = useQuery({ ...publicStateQueryOptions(account, language), enabled: !booted }).data;
  const early = useBootHomeBanner();
  // The checked answer once it is in; until then the banner index.html read from the same answer.
  const banner = state ? bannersOf(state.banners, 'w_home')[0]?.url : early;
  const hasNotices = state?.notice.some(({ platform }) => platform === 'W' || platform === 'A');
  return (
    <div aria-hidden="true" data-testid="home-first-screen">
      {banner && (
        <div className={contentStyles.section}>
          <div className={contentStyles.bannerFrame}>
            <img
              className={contentStyles.bannerImage}
              src={banner}
              alt=""
              width={960}
              height={420}
              fetchPriority="high"
            />
          </div>
        </div>
      )}
      {hasNotices && (
        <div className={contentStyles.section}>
          <div className={contentStyles.marquee} />
        </div>
      )}
    </div>
  );
}

export function HomeRoute() {
  const { t } = useTranslation();
  // The sections' chunk (and the schemas it evaluates) is asked for after the first paint: the
  // first paint is the shell, the disclaimer and the first screen's banner only.
  const afterFirstPaint = useAfterFirstPaint();
  return (
    <>
      <h1 className="visually-hidden">{t('nav.home')}</h1>
      {/* Its transition keeps the first screen in view while the chunk loads. */}
      <Suspense fallback={<FirstScreen />}>
        {afterFirstPaint ? <HomeSections firstScreen={<FirstScreen />} /> : <FirstScreen />}
      </Suspense>
    </>
  );
}
