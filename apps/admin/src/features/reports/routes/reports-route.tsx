import {
  AdminReportQuery,
  zoneLabel,
  type ActiveMemberRule,
  type ReportFigures,
} from '@app/shared';
import { loadChunk } from '@app/shared/chunk-load';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, TextFilter, useDraft } from '@/components/filter-bar';
import { ListPage } from '@/components/list-page';
import { Loader, QueryContent } from '@/components/query-content';
import { RowButton } from '@/components/row-button';
import { issueText } from '@/lib/error-text';
import { useDownload } from '@/components/use-download';
import { displayAmount } from '@/lib/format';
import { downloadReportCsv, getDailyReportQueryOptions } from '../api/reports';
import { lastDays } from '@/lib/report-range';
import { useMerchantZone } from '@/lib/merchant-zone';
import { ErrorMessage } from '@/components/feedback';

// chart.js is the largest part of the back office: it loads only when a report is shown.
const ReportCharts = lazy(() =>
  loadChunk('report-charts', () => import('../components/report-charts')),
);

/** The figures of a report, in the order the tables and cards show them. */
const FIGURES = [
  'registrations',
  'firstDeposits',
  'firstDepositAmount',
  'deposits',
  'depositAmount',
  'withdrawals',
  'withdrawalAmount',
  'bets',
  'wins',
  'ggr',
  'bonus',
  'ngr',
  'activeMembers',
] as const satisfies readonly (keyof ReportFigures)[];

/** Agent commission, cost lines after NGR (issue 18), and what is left after them. */
const COMMISSION = [
  'ngr',
  'dividend',
  'dailySalary',
  'hourlySalary',
  'realtimeSalary',
  'commission',
  'netAfterCommission',
] as const satisfies readonly (keyof ReportFigures)[];

/** The by-day table: every figure and the commission lines. */
const DAY_COLUMNS = [
  ...FIGURES.filter((key) => key !== 'activeMembers'),
  ...COMMISSION.filter((key) => key !== 'ngr'),
  'activeMembers',
] as const;

/** The rule active members are counted by, in words. */
function ActiveRuleNote({ rule }: { rule: ActiveMemberRule }) {
  const { t } = useTranslation();
  return (
    <p className="muted" data-testid="reports-active-rule">
      {rule.minDeposit === null
        ? t('reports.activeRule', { minValidBet: displayAmount(rule.minValidBet) })
        : t('reports.activeRuleDeposit', {
            minValidBet: displayAmount(rule.minValidBet),
            minDeposit: displayAmount(rule.minDeposit),
          })}
    </p>
  );
}

function figure(figures: ReportFigures, key: keyof ReportFigures): string {
  const value = figures[key];
  return typeof value === 'number' ? value.toLocaleString('en-US') : displayAmount(value);
}

/** Registrations, deposits, withdrawals, bets, GGR and NGR per day, charts and CSV export. */
export function ReportsRoute() {
  const { t } = useTranslation();
  const zone = useMerchantZone();
  const { draft, bind } = useDraft(lastDays(7, new Date(), zone));
  const [range, setRange] = useState(draft);
  const [message, setMessage] = useState<string | null>(null);
  const query = useQuery(getDailyReportQueryOptions(range));

  function show() {
    // The server's own rule: real dates, from before to, at most 90 days.
    const checked = AdminReportQuery.safeParse(draft);
    if (!checked.success) {
      setMessage(issueText(t, checked.error.issues[0]?.message) ?? null);
      return;
    }
    setMessage(null);
    setRange(checked.data);
  }

  const download = useDownload(setMessage);

  return (
    <ListPage title="reports" testId="reports-page">
      <FilterBar
        onSearch={show}
        testId="reports-range"
        submitTestId="reports-show"
        submitLabel={t('reports.show')}
        extra={(['daily', 'games'] as const).map((kind) => (
          <RowButton
            key={kind}
            onClick={() => void download(() => downloadReportCsv(kind, range))}
            testId={`reports-csv-${kind}`}
          >
            {t(kind === 'daily' ? 'reports.csvDaily' : 'reports.csvGames')}
          </RowButton>
        ))}
      >
        {(['from', 'to'] as const).map((key) => (
          <TextFilter
            key={key}
            type="date"
            label={t(`reports.${key}`)}
            {...bind(key)}
            testId={`reports-${key}`}
          />
        ))}
      </FilterBar>
      <p className="muted" data-testid="reports-range-note">
        {t('reports.rangeNote', { zone: zoneLabel(zone) })}
      </p>
      <ErrorMessage text={message} testId="reports-message" />
      <QueryContent query={query}>
        {(report) => (
          <>
            <dl className="figures" data-testid="reports-total">
              {FIGURES.map((key) => (
                <div key={key}>
                  <dt>{t(`reports.figures.${key}`)}</dt>
                  <dd data-testid={`reports-total-${key}`}>{figure(report.total, key)}</dd>
                </div>
              ))}
            </dl>
            <ActiveRuleNote rule={report.activeRule} />
            <h2>{t('reports.commissionTitle')}</h2>
            <p className="muted">{t('reports.commissionNote')}</p>
            <div className="table-wrap">
              <table className="table" data-testid="reports-commission">
                <tbody>
                  {COMMISSION.map((key) => (
                    <tr key={key} data-testid={`reports-commission-${key}`}>
                      <th scope="row">{t(`reports.figures.${key}`)}</th>
                      <td className="number">{figure(report.total, key)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Suspense fallback={<Loader />}>
              <ReportCharts report={report} />
            </Suspense>
            <h2>{t('reports.byDay')}</h2>
            <div className="table-wrap">
              <table className="table" data-testid="reports-days">
                <thead>
                  <tr>
                    <th>{t('reports.date')}</th>
                    {DAY_COLUMNS.map((key) => (
                      <th key={key} className="number">
                        {t(`reports.figures.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.days.map((day) => (
                    <tr key={day.date}>
                      <td>{day.date}</td>
                      {DAY_COLUMNS.map((key) => (
                        <td key={key} className="number">
                          {figure(day, key)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h2>{t('reports.byGame')}</h2>
            <p className="muted">{t('reports.allocation')}</p>
            {report.games.length === 0 && report.unallocated.bonus === '0.00' ? (
              <p className="muted">{t('common.empty')}</p>
            ) : (
              <div className="table-wrap">
                <table className="table" data-testid="reports-games">
                  <thead>
                    <tr>
                      <th>{t('reports.vendor')}</th>
                      <th>{t('reports.category')}</th>
                      <th className="number">{t('reports.figures.bets')}</th>
                      <th className="number">{t('reports.figures.wins')}</th>
                      <th className="number">{t('reports.figures.ggr')}</th>
                      <th className="number">{t('reports.figures.bonus')}</th>
                      <th className="number">{t('reports.figures.ngr')}</th>
                      <th className="number">{t('reports.players')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.games.map((line) => (
                      <tr key={`${line.vendorCode}-${line.gameCategory}`}>
                        <td>{line.vendorCode}</td>
                        <td>{line.gameCategory}</td>
                        <td className="number">{displayAmount(line.bets)}</td>
                        <td className="number">{displayAmount(line.wins)}</td>
                        <td className="number">{displayAmount(line.ggr)}</td>
                        <td className="number">{displayAmount(line.bonus)}</td>
                        <td className="number">{displayAmount(line.ngr)}</td>
                        <td className="number">{line.players}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr data-testid="reports-games-unallocated">
                      <td colSpan={5}>{t('reports.unallocated')}</td>
                      <td className="number">{displayAmount(report.unallocated.bonus)}</td>
                      <td className="number">{displayAmount(report.unallocated.ngr)}</td>
                      <td />
                    </tr>
                    <tr data-testid="reports-games-total">
                      <th colSpan={2}>{t('reports.total')}</th>
                      <td className="number">{displayAmount(report.total.bets)}</td>
                      <td className="number">{displayAmount(report.total.wins)}</td>
                      <td className="number">{displayAmount(report.total.ggr)}</td>
                      <td className="number">{displayAmount(report.total.bonus)}</td>
                      <td className="number">{displayAmount(report.total.ngr)}</td>
                      <td />
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </>
        )}
      </QueryContent>
    </ListPage>
  );
}

export default ReportsRoute;
