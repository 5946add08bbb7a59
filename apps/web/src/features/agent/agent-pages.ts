import type {
  ConsolidatedContractEntry,
  ConsolidatedContractInfo,
  ContractKind,
} from '@app/shared';
import { CONSOLIDATED_KEY } from './contracts/contract-rates';

/** The agent centre pages of SPEC section 2, in menu order; each is `/agentHome/<page>`. */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'agentTeamTree',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];

/** Where `/agentHome` lands. */
export const DEFAULT_AGENT_PAGE: AgentPage = 'agentTeamOverview';

/** The contract pages, each shown only to an agent the contract type concerns. */
export const CONTRACT_PAGE_TYPES = {
  agentDividendRecordCopy2: 'dividend',
  agentDailyWages2: 'daily_salary',
  agentHourSalary: 'hourly_salary',
  agentRealtimeSalary: 'realtime_salary',
} as const satisfies Partial<Record<AgentPage, ContractKind>>;
export type ContractPageName = keyof typeof CONTRACT_PAGE_TYPES;

function isContractPage(page: AgentPage): page is ContractPageName {
  return page in CONTRACT_PAGE_TYPES;
}

/** A contract type concerns the agent when they received one in force or gave one in force. */
function concernsAgent(entry: ConsolidatedContractEntry): boolean {
  return entry.active !== null || entry.givenActive > 0;
}

/**
 * The menu's pages: every page, except that a contract page shows only when the consolidated
 * contract info says the agent received or gave that type (none while it has not loaded).
 */
export function visibleAgentPages(info: ConsolidatedContractInfo | undefined): AgentPage[] {
  return AGENT_PAGES.filter((page) => {
    if (!isContractPage(page)) return true;
    if (!info) return false;
    return concernsAgent(info[CONSOLIDATED_KEY[CONTRACT_PAGE_TYPES[page]]]);
  });
}

/** `/agentHome/agentTeamOverview` */
export function agentPagePath(page: AgentPage): string {
  return `/agentHome/${page}`;
}
