import '@/lib/page-texts';
import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/empty-page';

export default function PointMallRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      icon="gift"
      title={t('pointMall.title')}
      emptyTitle={t('pointMall.emptyTitle')}
      emptyText={t('pointMall.emptyText')}
    />
  );
}
