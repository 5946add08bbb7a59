import type {
  ConsolidatedContractEntry,
  ConsolidatedContractInfo,
  ContractView,
} from '@app/shared';
import { describe, expect, it } from 'vitest';
import { AGENT_PAGES, visibleAgentPages } from './agent-pages';

const CONTRACT_PAGES = [
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
];

const none: ConsolidatedContractEntry = {
  reqType: null,
  requestContractId: null,
  awaitingMe: false,
  active: null,
  givenActive: 0,
};

/** A received contract in force (only its presence matters to the menu). */
const received = { ...none, active: { id: 7, status: 'active' } as ContractView };

function info(entries: Partial<ConsolidatedContractInfo>): ConsolidatedContractInfo {
  return {
    divtypereq: none,
    dailysalreqtype: none,
    contracthoursalreq: none,
    realtimesalreqtype: none,
    ...entries,
  };
}

const contractPages = (pages: string[]) => pages.filter((page) => CONTRACT_PAGES.includes(page));

describe('agent centre menu', () => {
  it('lists every other page, in menu order, whatever the contracts', () => {
    const shown = visibleAgentPages(info({}));
    expect(shown).toEqual(AGENT_PAGES.filter((page) => !CONTRACT_PAGES.includes(page)));
    expect(shown[1]).toBe('agentTeamOverview');
  });

  it('hides the contract pages until the consolidated info has loaded', () => {
    expect(contractPages(visibleAgentPages(undefined))).toEqual([]);
  });

  it('shows a contract page when the agent received that type in force', () => {
    expect(contractPages(visibleAgentPages(info({ divtypereq: received })))).toEqual([
      'agentDividendRecordCopy2',
    ]);
    expect(contractPages(visibleAgentPages(info({ contracthoursalreq: received })))).toEqual([
      'agentHourSalary',
    ]);
  });

  it('shows a contract page when the agent gave that type to a downline', () => {
    const given = { ...none, givenActive: 2 };
    expect(
      contractPages(visibleAgentPages(info({ dailysalreqtype: given, realtimesalreqtype: given }))),
    ).toEqual(['agentDailyWages2', 'agentRealtimeSalary']);
  });

  it('does not show a contract page for an offer still waiting for an answer', () => {
    const offered = { ...none, reqType: 'new' as const, requestContractId: 9, awaitingMe: true };
    expect(contractPages(visibleAgentPages(info({ divtypereq: offered })))).toEqual([]);
  });
});
