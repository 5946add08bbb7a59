import type { TeamOverview } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getReportQueryOptions } from '../api/reports';
import { ReportFigures, type Figure } from '../components/report-figures';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportPage } from '../components/report-page';
import { useReportFilters } from '../use-report-filters';

/** The overview's figures in card order; counts are numbers, money the API's amount strings. */
const FIGURES = [
  'members',
  'directMembers',
  'newMembers',
  'activeMembers',
  'depositCount',
  'deposits',
  'withdrawalCount',
  'withdrawals',
  'betCount',
  'bets',
  'validBets',
  'payout',
  'profit',
  'bonus',
] as const satisfies readonly (keyof TeamOverview)[];

/** `/agentHome/agentTeamOverview`: the team's figures for a period, as cards. */
export default function TeamOverviewPage() {
  const { t } = useTranslation();
  const state = useReportFilters({ paged: false });
  const filters = state.filters;
  const report = useQuery(getReportQueryOptions('overview', filters));
  return (
    <ReportPage
      title={t('agent.pages.agentTeamOverview')}
      testId="agent-overview"
      filters={<ReportFilterBar state={state} testId="agent-overview" />}
      query={report}
      csv={{ report: 'overview', filters }}
    >
      {(data) => (
        <>
          <ReportFigures
            variant="cards"
            currencySymbol={data.currencySymbol}
            figures={FIGURES.map((key): Figure => ({
              label: t(`agent.overview.${key}`),
              value: data[key],
              testId: `agent-overview-${key}`,
              signed: key === 'profit',
            }))}
          />
          <p className="muted" data-testid="agent-overview-active-rule">
            {data.activeRule.minDeposit === null
              ? t('agent.overview.activeRule', {
                  minValidBet: `${data.currencySymbol}${data.activeRule.minValidBet}`,
                })
              : t('agent.overview.activeRuleDeposit', {
                  minValidBet: `${data.currencySymbol}${data.activeRule.minValidBet}`,
                  minDeposit: `${data.currencySymbol}${data.activeRule.minDeposit}`,
                })}
          </p>
        </>
      )}
    </ReportPage>
  );
}
