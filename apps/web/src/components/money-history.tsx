import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryContent } from './query-content';
import { cx } from '@/lib/class-names';
import styles from './money-page.module.css';
import { Button } from './button';

/** Date and time of a history row in the member's language. */
export function historyDateFormat(language: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(language === 'tl' ? 'fil-PH' : 'en-PH', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

type StatusBadgeProps = { status: string; label: string; testId?: string };

/** A deposit's or withdrawal's status in words, coloured by outcome. */
export function StatusBadge({ status, label, testId }: StatusBadgeProps) {
  return (
    <span className={styles.status} data-status={status} data-testid={testId}>
      {label}
    </span>
  );
}

type HistoryRowProps = {
  id: number;
  amount: string;
  detail: ReactNode;
  createdAt: string;
  when: Intl.DateTimeFormat;
  status: ReactNode;
};

/** The two columns of a history row: amount, detail and time; status and number. */
export function HistoryRowColumns({
  id,
  amount,
  detail,
  createdAt,
  when,
  status,
}: HistoryRowProps) {
  return (
    <>
      <div className={styles.rowMain}>
        <span className={styles.rowAmount}>{amount}</span>
        <span className={styles.muted}>{detail}</span>
        <span className={styles.muted}>
          <time dateTime={createdAt}>{when.format(new Date(createdAt))}</time>
        </span>
      </div>
      <div className={styles.rowSide}>
        {status}
        <span className={styles.muted}>#{id}</span>
      </div>
    </>
  );
}

type PagerProps = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  previous: string;
  next: string;
  /** "Page x of y" and whatever else the page shows between the buttons. */
  children: ReactNode;
  /** The buttons are `${testId}-previous` / `-next`, the text `${testId}-page`. */
  testId: string;
  wrap?: boolean;
};

/** Previous / next buttons around the page number. */
export function Pager({ page, pages, onPage, previous, next, children, testId, wrap }: PagerProps) {
  return (
    <div className={cx(styles.pager, wrap && styles.pagerWrap)}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)} testId={`${testId}-previous`}>
        {previous}
      </Button>
      <span className={styles.muted} data-testid={`${testId}-page`}>
        {children}
      </span>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)} testId={`${testId}-next`}>
        {next}
      </Button>
    </div>
  );
}

type HistoryCardProps<T> = {
  title: string;
  /** The card; its empty text is `${testId}-empty`, its pager buttons `${testId}-previous`/`-next`. */
  testId: string;
  emptyText: string;
  query: UseQueryResult<{ items: T[]; total: number }>;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** The feature's translation: its `history.previous`, `history.next` and `history.page`. */
  t: (
    key: 'history.previous' | 'history.next' | 'history.page',
    values?: Record<string, unknown>,
  ) => string;
  wrapPager?: boolean;
  /** The list of this page's rows. */
  children: (items: T[]) => ReactNode;
};

/** A titled card with a member's paged money history: the rows, an empty text and a pager. */
export function HistoryCard<T>({
  title,
  testId,
  emptyText,
  query,
  pageSize,
  page,
  onPage,
  t,
  wrapPager,
  children,
}: HistoryCardProps<T>) {
  return (
    <section className={styles.card} data-testid={testId}>
      <h3 className={styles.cardTitle}>{title}</h3>
      <QueryContent query={query}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / pageSize));
          if (data.items.length === 0) {
            return (
              <p className={styles.muted} data-testid={`${testId}-empty`}>
                {emptyText}
              </p>
            );
          }
          return (
            <>
              {children(data.items)}
              {pages > 1 && (
                <Pager
                  page={page}
                  pages={pages}
                  onPage={onPage}
                  previous={t('history.previous')}
                  next={t('history.next')}
                  testId={testId}
                  wrap={wrapPager}
                >
                  {t('history.page', { page, pages })}
                </Pager>
              )}
            </>
          );
        }}
      </QueryContent>
    </section>
  );
}
