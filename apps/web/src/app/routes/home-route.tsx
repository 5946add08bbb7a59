import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryContent } from '@/components/query-content';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useGameMenus } from '@/lib/game-menus';
import { CategoryDirectory } from '@/features/catalogue/components/category-directory';
import styles from '@/features/catalogue/components/catalogue.module.css';
import { lazyChunk } from '@/lib/chunk-load';

// The home sections (banners, notices, winners, the game rows, videos, hot matches, app
// download) load after the first paint, with their own texts: the entry bundle is at its size
// limit, and on a phone they are below the fold of the first paint.
const HomeSections = lazyChunk('home-sections', () => import('../home-sections'));

export function HomeRoute() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const afterFirstPaint = useAfterFirstPaint();
  return (
    <>
      <PageHeader title={t('home.title')}>{t('home.subtitle')}</PageHeader>
      <section className={styles.section} aria-labelledby="home-categories">
        <h2 id="home-categories" className={styles.sectionTitle}>
          {t('home.categories')}
        </h2>
        <QueryContent query={menus}>
          {(data) =>
            data.length > 0 ? (
              <CategoryDirectory menus={data} />
            ) : (
              <EmptyState title={t('home.emptyTitle')} description={t('home.emptyText')} />
            )
          }
        </QueryContent>
      </section>
      {afterFirstPaint && (
        <Suspense fallback={null}>
          <HomeSections />
        </Suspense>
      )}
    </>
  );
}
