import { useTranslation } from 'react-i18next';
import { EmptyPage } from '../../../components/empty-page';

/** `/agentHome`: the agent centre, reached only by signed-in agents. */
export default function AgentCentreRoute() {
  const { t } = useTranslation();
  return (
    <EmptyPage
      icon="trophy"
      title={t('agent.centreTitle')}
      emptyTitle={t('agent.centreEmptyTitle')}
      emptyText={t('agent.centreEmptyText')}
    />
  );
}
