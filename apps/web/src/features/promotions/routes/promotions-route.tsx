import '@/lib/page-texts';
import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/empty-page';

export default function PromotionsRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      icon="gift"
      title={t('promotions.title')}
      emptyTitle={t('promotions.emptyTitle')}
      emptyText={t('promotions.emptyText')}
    />
  );
}
