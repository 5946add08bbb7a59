import '@/lib/agent-texts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { usePermissionInfo } from '@/lib/permission-info';
import { visibleAgentPages } from '../agent-pages';
import { getConsolidatedContractsQueryOptions } from '../contracts/api/contracts';
import { AgentHeader } from '../components/agent-header';
import { AgentMenu } from '../components/agent-menu';
import styles from '../components/agent-centre.module.css';

/** `/agentHome`: the agent centre's header bar and menu beside the selected page. */
export default function AgentCentreRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const { customerService, whitelabel } = usePermissionInfo();
  // The contract screens refresh this same query after every change, so the menu follows.
  const contracts = useQuery({
    ...getConsolidatedContractsQueryOptions(),
    enabled: whitelabel.AGENTPOLICY3,
  });
  // requireAgent has let only a signed-in agent in; a logout on this page leaves it at once.
  if (!session) return null;
  // AGENTPOLICY3 off: the merchant runs no agent programme (decision 020); the API refuses too.
  if (!whitelabel.AGENTPOLICY3) {
    return (
      <>
        <PageHeader title={t('agent.centreTitle')} />
        <EmptyState icon="crown" title={t('agent.programmeOff')} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('agent.centreTitle')} />
      <AgentHeader session={session} />
      <div className={styles.layout}>
        <AgentMenu
          pages={visibleAgentPages(contracts.data)}
          customerServiceUrl={customerService.url}
        />
        <section className={styles.content}>
          <Outlet />
        </section>
      </div>
    </>
  );
}
