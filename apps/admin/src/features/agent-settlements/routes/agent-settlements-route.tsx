import type { ContractKind } from '@app/shared';
import { type AdminSettlementFailure } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ContractTypeFilter } from '@/components/contract-type-filter';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  FilterBar,
  TextFilter,
  typedFilters,
  useListFilter,
  useDraft,
} from '@/components/filter-bar';
import { ListPage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { RowButton } from '@/components/row-button';
import { Pagination } from '@/components/pagination';
import { QueryContent } from '@/components/query-content';
import { displayAmount } from '@/lib/format';
import { useDisplayTime } from '@/lib/merchant-zone';
import { useCan } from '@/lib/use-operator';
import { ageOf, percentOf } from '../age';
import {
  getOpenFailuresQueryOptions,
  getSettlementsQueryOptions,
  retryFailure,
  type SettlementFilter,
} from '../api/agent-settlements';
import styles from './agent-settlements.module.css';

/** The open alerts: settlements held back by invalid contract data, or failed; Retry for owners. */
function OpenAlerts() {
  const { t } = useTranslation();
  const canRetry = useCan('system.write');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminSettlementFailure | null>(null);
  const query = useQuery(getOpenFailuresQueryOptions(page));
  const now = new Date();
  return (
    <section className={styles.part} data-testid="settlement-alerts">
      <h2>{t('agentSettlements.alerts')}</h2>
      <p className="muted">{t('agentSettlements.alertsHelp')}</p>
      <QueryContent query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="muted" data-testid="settlement-alerts-empty">
              {t('agentSettlements.noAlerts')}
            </p>
          ) : (
            <>
              <ul className={styles.alerts}>
                {data.items.map((alert) => {
                  const age = ageOf(alert.firstSeenAt, now);
                  return (
                    <li
                      key={alert.id}
                      className={styles.alert}
                      data-testid={`settlement-alert-${alert.id}`}
                    >
                      <div className={styles.alertHead}>
                        <strong>{alert.agent ?? '-'}</strong>
                        <span>{t(`agentContracts.types.${alert.type}`)}</span>
                        <span>{alert.periodKey}</span>
                      </div>
                      <div>
                        {t(`agentSettlements.reasons.${alert.reason}`, {
                          agent: alert.causeAgent ?? '-',
                        })}
                      </div>
                      <div className="muted">{alert.detail}</div>
                      <div className="muted">
                        {t('agentSettlements.contract', { id: alert.contractId ?? '-' })} ·{' '}
                        {t('agentSettlements.firstSeen', {
                          age: t(`agentSettlements.ages.${age.unit}`, { count: age.count }),
                        })}{' '}
                        · {t('agentSettlements.attempts', { count: alert.attempts })}
                      </div>
                      {canRetry && (
                        <RowButton
                          onClick={() => setOpen(alert)}
                          testId={`settlement-alert-retry-${alert.id}`}
                        >
                          {t('agentSettlements.retry')}
                        </RowButton>
                      )}
                    </li>
                  );
                })}
              </ul>
              <Pagination
                page={data.page}
                size={data.size}
                total={data.total}
                onPage={setPage}
                testId="settlement-alerts-pages"
              />
            </>
          )
        }
      </QueryContent>
      {open && (
        <ConfirmDialog
          title={t('agentSettlements.retryTitle', { period: open.periodKey })}
          text={t('agentSettlements.retryText')}
          confirmLabel={t('agentSettlements.retry')}
          onConfirm={() => retryFailure(open.id)}
          onClose={() => setOpen(null)}
          testId="settlement-retry"
        />
      )}
    </section>
  );
}

/** Every settled period: figures, tier, rate, what was paid and passed down, the ledger entry. */
function SettledPeriods() {
  const displayTime = useDisplayTime();
  const { t } = useTranslation();
  const { filter, refine, onPage } = useListFilter<SettlementFilter>({ page: 1 });
  const { draft, bind } = useDraft<{
    type: ContractKind | undefined;
    username: string;
    from: string;
    to: string;
  }>({ type: undefined, username: '', from: '', to: '' });
  const query = useQuery(getSettlementsQueryOptions(filter));
  return (
    <section className={styles.part} data-testid="settlements">
      <h2>{t('agentSettlements.settled')}</h2>
      <FilterBar
        onSearch={() => {
          const { type, ...typed } = draft;
          refine({ type, ...typedFilters(typed) });
        }}
        submitTestId="settlements-search"
      >
        <ContractTypeFilter {...bind('type')} testId="settlements-type" />
        <TextFilter
          label={t('agentContracts.agent')}
          {...bind('username')}
          testId="settlements-agent"
        />
        {(['from', 'to'] as const).map((key) => (
          <TextFilter
            key={key}
            type="date"
            label={t(`agentSettlements.${key}`)}
            {...bind(key)}
            testId={`settlements-${key}`}
          />
        ))}
      </FilterBar>
      <PagedTable
        query={query}
        onPage={onPage}
        testId="settlements"
        columns={[
          { label: t('agentSettlements.period') },
          { label: t('agentContracts.agent') },
          { label: t('agentSettlements.figures') },
          { label: t('agentContracts.tier') },
          { label: t('agentSettlements.rate') },
          { label: t('agentSettlements.paid'), number: true },
          { label: t('agentSettlements.toDownlines'), number: true },
          { label: t('agentSettlements.ledgerEntry') },
        ]}
        row={(row) => (
          <tr key={row.id} data-testid={`settlement-row-${row.id}`}>
            <td>
              {row.periodKey}
              <div className="muted">{displayTime(row.settledAt)}</div>
            </td>
            <td>
              {row.agent}
              <div className="muted">
                {t(`agentContracts.types.${row.type}`)} ·{' '}
                {t('agentSettlements.contract', { id: row.contractId })}
              </div>
            </td>
            <td>
              {t('agentSettlements.validBet', { amount: displayAmount(row.validBet) })}
              <div className="muted">
                {t('agentSettlements.ngr', { amount: displayAmount(row.ngr) })} ·{' '}
                {t('agentSettlements.active', { count: row.activeMembers })}
              </div>
            </td>
            <td>
              {row.tier ?? (row.type === 'realtime_salary' ? t('agentSettlements.perBet') : '-')}
            </td>
            <td>
              {row.type === 'realtime_salary'
                ? t('agentSettlements.perBet')
                : percentOf(row.rateBp)}
            </td>
            <td className="number" data-testid={`settlement-row-amount-${row.id}`}>
              {displayAmount(row.amount)}
            </td>
            <td className="number">
              {row.deductedForDownlines === null ? '-' : displayAmount(row.deductedForDownlines)}
            </td>
            <td>{row.ledgerEntryId ?? '-'}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** The back office's agent settlement page: alerts first, then the settled periods. */
export function AgentSettlementsRoute() {
  return (
    <ListPage title="agentSettlements" testId="agent-settlements-page">
      <OpenAlerts />
      <SettledPeriods />
    </ListPage>
  );
}

export default AgentSettlementsRoute;
