import { useTranslation } from 'react-i18next';

type PaginationProps = {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  testId: string;
};

/** Previous / next under a list, with where the operator is. */
export function Pagination({ page, size, total, onPage, testId }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className="pagination" aria-label={t('common.pages')} data-testid={testId}>
      <button
        type="button"
        className="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span>{t('common.pageOf', { page, pages, total })}</span>
      <button
        type="button"
        className="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}
