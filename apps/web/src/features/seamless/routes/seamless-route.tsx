import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page';

/** `/seamless`: the full-width page a seamless-wallet game is played in. */
export default function SeamlessRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      icon="esports"
      title={t('seamless.title')}
      emptyTitle={t('seamless.emptyTitle')}
      emptyText={t('seamless.emptyText')}
    />
  );
}
