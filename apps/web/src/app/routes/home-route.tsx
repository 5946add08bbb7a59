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

// The home sections (banners, notices, winners, the game rows, videos, hot matches, app download)
// come in a chunk of their own with their texts: the entry bundle is at its size limit. The chunk
// is requested with the page, in parallel with the public state it shows.
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
  const state = useQuery(publicStateQueryOptions(account, language)).data;
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
  return (
    <>
      <h1 className="visually-hidden">{t('nav.home')}</h1>
      <Suspense fallback={<FirstScreen />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
