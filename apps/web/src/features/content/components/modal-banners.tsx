import type { BannerGroup } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@app/client';
import { bannersQueryOptions } from '../api/content';
import { bannersOf } from '../banner-rules';
import { useContentTranslation } from '../content-texts';
import { BannerLink } from './banner-link';
import styles from './home.module.css';

/**
 * The banners of the login (w_login) and forgot-password (w_forget) modals: one image each,
 * stacked at the top, nothing moving; none configured shows nothing.
 */
export function ModalBanners({ group }: { group: Extract<BannerGroup, 'w_login' | 'w_forget'> }) {
  const { t } = useContentTranslation();
  const banners = bannersOf(useQuery(bannersQueryOptions(group, useLanguage())).data ?? [], group);
  if (banners.length === 0) return null;
  return (
    <ul
      className={styles.modalBanners}
      aria-label={t('home.banners')}
      data-testid={`banners-${group}`}
    >
      {banners.map((banner, position) => (
        <li key={banner.id}>
          <BannerLink
            banner={banner}
            label={t('carousel.slide', { position: position + 1, count: banners.length })}
            className={styles.bannerFrame}
          >
            <img className={styles.bannerImage} src={banner.url} alt="" width={960} height={420} />
          </BannerLink>
        </li>
      ))}
    </ul>
  );
}
