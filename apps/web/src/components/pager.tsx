import { Pager as MoneyPager } from './money-history';
import { useRecordsTranslation } from '@/lib/records-texts';

type PagerProps = {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  testId: string;
};

/** Previous / next with "page x of y" and the number of rows over all pages. */
export function Pager({ page, size, total, onPage, testId }: PagerProps) {
  const { t } = useRecordsTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <MoneyPager
      page={page}
      pages={pages}
      onPage={onPage}
      previous={t('pager.previous')}
      next={t('pager.next')}
      testId={testId}
    >
      {t('pager.page', { page, pages })} · {t('pager.total', { count: total })}
    </MoneyPager>
  );
}
