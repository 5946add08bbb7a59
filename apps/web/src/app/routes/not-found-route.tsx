import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div data-testid="not-found">
      <PageHeader title={t('notFound.title')} />
      <EmptyState icon="compass" title={t('notFound.text')}>
        <Link to={paths.home} className="button button--primary">
          {t('common.backToHome')}
        </Link>
      </EmptyState>
    </div>
  );
}
