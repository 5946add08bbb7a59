import type { ReportPreset } from '@app/shared';
import { useState } from 'react';
import type { ReportFilters } from './api/reports';

/**
 * A report page's filters. Any change of period, account or choice goes back to page 1; a
 * report without pages (the team overview) passes `paged: false`.
 */
export function useReportFilters({ paged = true }: { paged?: boolean } = {}) {
  const [preset, setPreset] = useState<ReportPreset>('today');
  const [account, setAccount] = useState('');
  const [choice, setChoice] = useState('');
  const [page, setPage] = useState(1);
  const reset =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    preset,
    account,
    choice,
    page,
    setPreset: reset(setPreset),
    setAccount: reset(setAccount),
    setChoice: reset(setChoice),
    setPage,
    filters: { preset, account, ...(paged ? { page } : {}) } satisfies ReportFilters,
  };
}
export type ReportFilterState = ReturnType<typeof useReportFilters>;
