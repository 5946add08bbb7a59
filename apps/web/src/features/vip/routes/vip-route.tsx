import '@/lib/page-texts';
import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/empty-page';

export default function VipRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      icon="crown"
      title={t('vip.title')}
      emptyTitle={t('vip.emptyTitle')}
      emptyText={t('vip.emptyText')}
    />
  );
}
