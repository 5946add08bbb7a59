import { type ComponentType } from 'react';
import {
  CONTRACT_PAGE_TYPES,
  type AgentPage,
  type ContractPageName,
} from '@/features/agent/agent-pages';
import { lazyChunk } from '@/lib/chunk-load';

const ContractPage = lazyChunk(
  'contract-page',
  () => import('@/features/agent/contracts/contract-page'),
);

function contractPage(page: ContractPageName): ComponentType {
  const type = CONTRACT_PAGE_TYPES[page];
  return function AgentContractPage() {
    return <ContractPage type={type} />;
  };
}

/** The page each agent centre route shows, loaded on first visit. */
export const AGENT_PAGE_ROUTES: Record<AgentPage, ComponentType> = {
  agentAnnouncement: lazyChunk(
    'announcement-page',
    () => import('@/features/content/routes/agent-announcement-page'),
  ),
  agentTeamOverview: lazyChunk(
    'team-overview-page',
    () => import('@/features/agent/reports/team-overview-page'),
  ),
  registerCenter: lazyChunk(
    'register-center-page',
    () => import('@/features/agent/team/register-center-page'),
  ),
  downlineManagmentView: lazyChunk(
    'downline-management-page',
    () => import('./composed/downline-management-page'),
  ),
  agentTeamTree: lazyChunk('team-tree-page', () => import('@/features/agent/team/team-tree-page')),
  personalHistoryCopy: lazyChunk(
    'team-bets-page',
    () => import('@/features/agent/reports/team-bets-page'),
  ),
  palStatementsAgentCopy: lazyChunk(
    'user-loss-page',
    () => import('@/features/agent/reports/user-loss-page'),
  ),
  agentRevenueReport: lazyChunk(
    'income-page',
    () => import('@/features/agent/reports/income-page'),
  ),
  agentDownlineTransactionDetailsCopy: lazyChunk(
    'team-transactions-page',
    () => import('@/features/agent/reports/team-transactions-page'),
  ),
  agentDividendRecordCopy2: contractPage('agentDividendRecordCopy2'),
  agentDailyWages2: contractPage('agentDailyWages2'),
  agentHourSalary: contractPage('agentHourSalary'),
  agentRealtimeSalary: contractPage('agentRealtimeSalary'),
};
