import { lazy, type ComponentType } from 'react';
import { CONTRACT_PAGE_TYPES, type AgentPage, type ContractPageName } from './agent-pages';

const ContractPage = lazy(() => import('./contracts/contract-page'));

function contractPage(page: ContractPageName): ComponentType {
  const type = CONTRACT_PAGE_TYPES[page];
  return function AgentContractPage() {
    return <ContractPage type={type} />;
  };
}

/** The page each agent centre route shows, loaded on first visit. */
export const AGENT_PAGE_ROUTES: Record<AgentPage, ComponentType> = {
  agentAnnouncement: lazy(() => import('./reports/announcement-page')),
  agentTeamOverview: lazy(() => import('./reports/team-overview-page')),
  registerCenter: lazy(() => import('./team/register-center-page')),
  downlineManagmentView: lazy(() => import('./team/downline-management-page')),
  personalHistoryCopy: lazy(() => import('./reports/team-bets-page')),
  palStatementsAgentCopy: lazy(() => import('./reports/user-loss-page')),
  agentRevenueReport: lazy(() => import('./reports/income-page')),
  agentDownlineTransactionDetailsCopy: lazy(() => import('./reports/team-transactions-page')),
  agentDividendRecordCopy2: contractPage('agentDividendRecordCopy2'),
  agentDailyWages2: contractPage('agentDailyWages2'),
  agentHourSalary: contractPage('agentHourSalary'),
  agentRealtimeSalary: contractPage('agentRealtimeSalary'),
};
