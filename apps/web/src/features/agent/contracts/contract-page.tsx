import './contract-texts';
import {
  bpToPercent,
  type ContractKind,
  type ContractSettlementPage,
  type ContractSettlementView,
} from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '@/components/query-content';
import { formatTime } from '@/lib/format-time';
import { displayAmount } from '@/lib/amount';
import shared from '@/components/money-page.module.css';
import {
  downloadSettlementsCsv,
  getContractSettlementsQueryOptions,
  getContractsQueryOptions,
  getContractTiersQueryOptions,
} from './api/contracts';
import centre from '../components/agent-centre.module.css';
import { ExportButton } from '../components/report-page';
import { ContractCard } from './contract-card';
import styles from './contracts.module.css';
import { OfferForm } from './offer-form';
import { Button } from '@/components/button';
import records from '@/components/records.module.css';

type PagerProps = { page: number; pages: number; onPage: (page: number) => void; testId: string };

function Pager({ page, pages, onPage, testId }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className={shared.pager} aria-label={t('agentContracts.pager.page', { page, pages })}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)} testId={`${testId}-previous`}>
        {t('agentContracts.pager.previous')}
      </Button>
      <span className={shared.muted}>{t('agentContracts.pager.page', { page, pages })}</span>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)} testId={`${testId}-next`}>
        {t('agentContracts.pager.next')}
      </Button>
    </nav>
  );
}

/** `2026-11-23 10:00 – 12:00` (the end's date left out when it is the start's day). */
function periodRange(start: string, end: string): string {
  return `${start} – ${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end}`;
}

/** Whether the contract was in force the whole period (nothing to add to the period). */
function wholePeriod(row: ContractSettlementView): boolean {
  const spans = row.inForce ?? [];
  return (
    spans.length === 1 && spans[0]!.start === row.periodStart && spans[0]!.end === row.periodEnd
  );
}

function SettlementTable({ type, data }: { type: ContractKind; data: ContractSettlementPage }) {
  const { t } = useTranslation();
  if (data.content.length === 0) {
    return <p className={shared.muted}>{t('agentContracts.settlements.none')}</p>;
  }
  return (
    <>
      <p className={shared.muted} data-testid="contract-settlements-total">
        {t('agentContracts.settlements.total', { amount: displayAmount(data.totalAmount) })}
      </p>
      <div className={records.tableWrap}>
        <table className={styles.table} data-testid="contract-settlements">
          <thead>
            <tr>
              <th scope="col">{t('agentContracts.settlements.periodKey')}</th>
              <th scope="col" className={styles.num}>
                {t('agentContracts.settlements.validBet')}
              </th>
              {type === 'dividend' && (
                <th scope="col" className={styles.num}>
                  {t('agentContracts.settlements.ngr')}
                </th>
              )}
              <th scope="col" className={styles.num}>
                {t('agentContracts.settlements.activeMembers')}
              </th>
              <th scope="col">{t('agentContracts.settlements.tier')}</th>
              <th scope="col" className={styles.num}>
                {t('agentContracts.settlements.rate')}
              </th>
              <th scope="col" className={styles.num}>
                {t('agentContracts.settlements.deducted')}
              </th>
              <th scope="col" className={styles.num}>
                {t('agentContracts.settlements.amount')}
              </th>
              <th scope="col">{t('agentContracts.settlements.settledAt')}</th>
            </tr>
          </thead>
          <tbody>
            {data.content.map((row) => (
              <tr key={row.id}>
                <th scope="row" data-testid={`contract-settlement-period-${row.id}`}>
                  {periodRange(row.periodStart, row.periodEnd)}
                  <div className={shared.muted}>
                    {row.periodKey} · {row.timeZone}
                  </div>
                  {row.inForce && !wholePeriod(row) && (
                    <div className={shared.muted}>
                      {t('agentContracts.settlements.inForce', {
                        spans: row.inForce
                          .map((span) => periodRange(span.start, span.end))
                          .join(', '),
                      })}
                    </div>
                  )}
                </th>
                <td className={styles.num}>{displayAmount(row.validBet)}</td>
                {type === 'dividend' && <td className={styles.num}>{displayAmount(row.ngr)}</td>}
                <td className={styles.num}>{row.activeMembers}</td>
                <td>
                  {row.realtime
                    ? t('agentContracts.settlements.perBet')
                    : (row.tier ?? t('agentContracts.settlements.noTier'))}
                </td>
                <td className={styles.num} data-testid={`contract-settlement-rate-${row.id}`}>
                  {row.realtime ? (
                    <>
                      {row.realtime.rates.map((rate) => (
                        <div key={rate.singleBetAmount}>
                          {t('agentContracts.settlements.realtimeRate', {
                            from: displayAmount(rate.singleBetAmount),
                            won: bpToPercent(rate.profitRateBp),
                            lost: bpToPercent(rate.lossRateBp),
                          })}
                        </div>
                      ))}
                      <div className={shared.muted}>
                        {t('agentContracts.settlements.realtimeBets', {
                          count: row.realtime.qualifyingBets,
                          won: displayAmount(row.realtime.wonStake),
                          lost: displayAmount(row.realtime.lostStake),
                        })}
                      </div>
                    </>
                  ) : row.rateBp === null ? (
                    '-'
                  ) : (
                    t('agentContracts.percent', { value: bpToPercent(row.rateBp) })
                  )}
                </td>
                <td className={styles.num} data-testid={`contract-settlement-deducted-${row.id}`}>
                  {row.deductedForDownlines === null
                    ? '-'
                    : displayAmount(row.deductedForDownlines)}
                </td>
                <td className={styles.num}>{displayAmount(row.amount)}</td>
                <td>{formatTime(row.settledAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * One contract type of the agent centre (dividend, daily, hourly or real-time salary): the
 * contract the agent received, the ones it gave, the offer form and the settled periods.
 */
export default function ContractPage({ type }: { type: ContractKind }) {
  const { t } = useTranslation();
  const [givenPage, setGivenPage] = useState(1);
  const [settledPage, setSettledPage] = useState(1);
  const received = useQuery(getContractsQueryOptions({ side: 'received', type, pageSize: 50 }));
  const given = useQuery(getContractsQueryOptions({ side: 'given', type, pageNum: givenPage }));
  const tiers = useQuery(getContractTiersQueryOptions());
  const settlements = useQuery(getContractSettlementsQueryOptions(type, settledPage));

  const typeName = t(`agentContracts.types.${type}`);
  const current =
    received.data?.content.filter((c) => c.status === 'offered' || c.status === 'active') ?? [];
  const own = current.find((c) => c.status === 'active') ?? null;

  return (
    <div className={shared.page} data-testid={`contract-page-${type}`}>
      <h2 className={shared.title}>{typeName}</h2>
      <div className={styles.sections}>
        <section className={shared.card} aria-labelledby="contract-mine-title">
          <h3 id="contract-mine-title" className={shared.cardTitle}>
            {t('agentContracts.mine.title')}
          </h3>
          <QueryContent query={received}>
            {() =>
              current.length === 0 ? (
                <p className={shared.muted} data-testid="contract-mine-none">
                  {t('agentContracts.mine.none', { type: typeName })}
                </p>
              ) : (
                <ul className={styles.list} data-testid="contract-mine">
                  {current.map((contract) => (
                    <li key={contract.id}>
                      <ContractCard contract={contract} />
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryContent>
        </section>
        <section className={shared.card} aria-labelledby="contract-offer-title">
          <h3 id="contract-offer-title" className={shared.cardTitle}>
            {t('agentContracts.offer.title')}
          </h3>
          {/* The form waits for the agent's own contract too: it caps the rates, and the form
              starts afresh when it changes, which must not wipe what the agent is typing. */}
          <QueryContent query={received}>
            {() => (
              <QueryContent query={tiers}>
                {(tables) => (
                  <OfferForm
                    key={`${type}-${own?.id ?? 0}`}
                    type={type}
                    tiers={tables[type]}
                    dividendPeriods={tables.dividendPeriods}
                    own={own}
                  />
                )}
              </QueryContent>
            )}
          </QueryContent>
        </section>
        <section className={`${shared.card} ${styles.wide}`} aria-labelledby="contract-given-title">
          <h3 id="contract-given-title" className={shared.cardTitle}>
            {t('agentContracts.given.title')}
          </h3>
          <QueryContent query={given}>
            {(page) =>
              page.content.length === 0 ? (
                <p className={shared.muted} data-testid="contract-given-none">
                  {t('agentContracts.given.none')}
                </p>
              ) : (
                <>
                  <ul className={styles.list} data-testid="contract-given">
                    {page.content.map((contract) => (
                      <li key={contract.id}>
                        <ContractCard contract={contract} />
                      </li>
                    ))}
                  </ul>
                  <Pager
                    page={page.pageNum}
                    pages={page.totalPages}
                    onPage={setGivenPage}
                    testId="contract-given-pager"
                  />
                </>
              )
            }
          </QueryContent>
        </section>
        <section
          className={`${shared.card} ${styles.wide}`}
          aria-labelledby="contract-settlements-title"
        >
          <div className={centre.reportHead}>
            <h3 id="contract-settlements-title" className={shared.cardTitle}>
              {t('agentContracts.settlements.title')}
            </h3>
            <ExportButton save={() => downloadSettlementsCsv(type)} testId="contract-settlements" />
          </div>
          <QueryContent query={settlements}>
            {(page) => (
              <>
                <SettlementTable type={type} data={page} />
                <Pager
                  page={page.pageNum}
                  pages={page.totalPages}
                  onPage={setSettledPage}
                  testId="contract-settlements-pager"
                />
              </>
            )}
          </QueryContent>
        </section>
      </div>
    </div>
  );
}
