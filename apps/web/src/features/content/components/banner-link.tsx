import type { Banner } from '@app/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGameLaunchClick } from '@/lib/use-game-launch';
import { bannerTarget } from '../banner-rules';
import { useContentTranslation } from '../content-texts';

type BannerLinkProps = { banner: Banner; label: string; className?: string; children: ReactNode };

/** A banner's image wrapped in what its linkage leads to (SPEC section 3). */
export function BannerLink({ banner, label, className, children }: BannerLinkProps) {
  const { t } = useContentTranslation();
  const launchClick = useGameLaunchClick();
  const target = bannerTarget(banner);
  const testId = `banner-${banner.id}`;
  switch (target.kind) {
    case 'route':
      return (
        <Link
          to={target.to}
          className={className}
          aria-label={t('banner.open', { name: label })}
          onClick={target.launchesGame ? launchClick : undefined}
          data-testid={testId}
        >
          {children}
        </Link>
      );
    case 'external':
      return (
        <a
          href={target.href}
          className={className}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${t('banner.open', { name: label })} ${t('banner.opensInNewTab')}`}
          data-testid={testId}
        >
          {children}
        </a>
      );
    case 'none':
      return (
        <div className={className} data-testid={testId}>
          {children}
        </div>
      );
  }
}
