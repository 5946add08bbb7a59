import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import shared from '@/components/money-page.module.css';
import records from '@/components/records.module.css';
import { errorText } from '@/lib/error-text';
import { downloadReportCsv, type ReportFilters, type ReportName } from '../api/reports';
import styles from './agent-centre.module.css';
import { Button } from '@/components/button';

type ReportPageProps<Data extends { from: string; to: string }> = {
  title: string;
  testId: string;
  filters: ReactNode;
  query: UseQueryResult<Data>;
  /** Whether the answer has nothing to show (the empty state replaces the content). */
  isEmpty?: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
  /** The report's CSV export, with the filters the page shows. */
  csv: { report: ReportName; filters: ReportFilters };
};

/** A CSV download button; a refusal (too many rows) is told under it. */
export function ExportButton({ save, testId }: { save: () => Promise<void>; testId: string }) {
  const { t } = useTranslation();
  const download = useMutation({ mutationFn: save });
  return (
    <div className={styles.export}>
      <Button
        variant="secondary"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        testId={`${testId}-export`}
      >
        {download.isPending ? t('agent.report.exporting') : t('agent.report.export')}
      </Button>
      {download.isError && (
        <p role="alert" className={records.muted} data-testid={`${testId}-export-error`}>
          {errorText(t, download.error)}
        </p>
      )}
    </div>
  );
}

/** An agent report: heading, filter bar, then the figures for the period the server covered. */
export function ReportPage<Data extends { from: string; to: string }>({
  title,
  testId,
  filters,
  query,
  isEmpty,
  children,
  csv,
}: ReportPageProps<Data>) {
  const { t } = useTranslation();
  return (
    <div className={shared.page} data-testid={testId}>
      <div className={styles.reportHead}>
        <h2 className={shared.title}>{title}</h2>
        <ExportButton save={() => downloadReportCsv(csv.report, csv.filters)} testId={testId} />
      </div>
      <section className={shared.cardCompact} aria-label={t('agent.report.filters')}>
        {filters}
      </section>
      <section
        className={`${shared.cardCompact} ${styles.reportBody}`}
        aria-busy={query.isFetching}
        data-testid={`${testId}-body`}
      >
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
