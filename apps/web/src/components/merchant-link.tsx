import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSitePath } from '@/lib/site-link';

type MerchantLinkProps = {
  href: string;
  className?: string;
  testId?: string;
  children: ReactNode;
};

/**
 * A link the merchant set (customer service, an app download, a chat app): a page of this site
 * opens in place, an address elsewhere in a new tab.
 */
export function MerchantLink({ href, className, testId, children }: MerchantLinkProps) {
  const { t } = useTranslation();
  if (isSitePath(href)) {
    return (
      <Link to={href} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      {children}
      <span className="visually-hidden">{t('common.opensInNewTab')}</span>
    </a>
  );
}
