import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { QueryContent } from '../../../components/query-content';
import shared from '../../member-centre/components/money-page.module.css';
import records from '../../records/components/records.module.css';

type ReportPageProps<Data extends { from: string; to: string }> = {
  title: string;
  testId: string;
  filters: ReactNode;
  query: UseQueryResult<Data>;
  /** Whether the answer has nothing to show (the empty state replaces the content). */
  isEmpty?: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
};

/** An agent report: heading, filter bar, then the figures for the period the server covered. */
export function ReportPage<Data extends { from: string; to: string }>({
  title,
  testId,
  filters,
  query,
  isEmpty,
  children,
}: ReportPageProps<Data>) {
  const { t } = useTranslation();
  return (
    <div className={shared.page} data-testid={testId}>
      <h2 className={shared.title}>{title}</h2>
      <section className={shared.cardCompact} aria-label={t('agent.report.filters')}>
        {filters}
      </section>
      <section className={shared.cardCompact} aria-busy={query.isFetching}>
        <QueryContent query={query}>
          {(data) => (
            <>
              <p className={records.muted} data-testid={`${testId}-range`}>
                {t('agent.report.range', { from: data.from, to: data.to })}
              </p>
              {isEmpty?.(data) ? <EmptyState title={t('agent.report.empty')} /> : children(data)}
            </>
          )}
        </QueryContent>
      </section>
    </div>
  );
}
