import { zoneLabel, type AdminAuditEntry } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, TextFilter, typedFilters, useDraft } from '@/components/filter-bar';
import { ListPage } from '@/components/list-page';
import { PagedTable } from '@/components/paged-table';
import { RowButton } from '@/components/row-button';
import { ChoiceFilter } from '@/components/status-filter';
import { useDisplayTime, useMerchantToday, useMerchantZone } from '@/lib/merchant-zone';
import { useDownload } from '@/components/use-download';
import { downloadAuditCsv, getAuditQueryOptions, type AuditFilter } from '../api/audit';
import { auditRange } from '../audit-range';
import styles from './audit-route.module.css';
import { ErrorMessage } from '@/components/feedback';

const TEXT_FILTERS = ['action', 'actorId', 'subjectType', 'subjectId'] as const;
type TypedFilter = (typeof TEXT_FILTERS)[number];
const ACTOR_TYPES = ['operator', 'member', 'system'] as const;
type Draft = Record<TypedFilter | 'from' | 'to', string> & {
  actorType: (typeof ACTOR_TYPES)[number] | undefined;
};

function Change({ entry }: { entry: AdminAuditEntry }) {
  const { t } = useTranslation();
  if (entry.before == null && entry.after == null) return null;
  return (
    <details className={styles.change}>
      <summary>{t('audit.change')}</summary>
      {entry.before != null && (
        <pre>{`${t('audit.before')}: ${JSON.stringify(entry.before, null, 2)}`}</pre>
      )}
      {entry.after != null && (
        <pre>{`${t('audit.after')}: ${JSON.stringify(entry.after, null, 2)}`}</pre>
      )}
    </details>
  );
}

/** The append-only audit log: who did what to what, before and after, from where. */
export function AuditRoute() {
  const displayTime = useDisplayTime();
  const zone = useMerchantZone();
  const today = useMerchantToday();
  const { t } = useTranslation();
  const { draft, bind } = useDraft<Draft>({
    action: '',
    actorId: '',
    subjectType: '',
    subjectId: '',
    actorType: undefined,
    from: '',
    to: '',
  });
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 });
  const [message, setMessage] = useState<string | null>(null);
  const query = useQuery(getAuditQueryOptions(filter));

  function search() {
    const { from, to, actorType, ...typed } = draft;
    setMessage(null);
    setFilter({ page: 1, ...auditRange(from, to, zone), ...typedFilters(typed), actorType });
  }

  const download = useDownload(setMessage);

  function exportCsv() {
    // The same filters as the list, without its page.
    const { from, to, actorType, actorId, action, subjectType, subjectId } = filter;
    return download(() =>
      downloadAuditCsv({ from, to, actorType, actorId, action, subjectType, subjectId }),
    );
  }

  return (
    <ListPage title="audit" testId="audit-page">
      <FilterBar
        onSearch={search}
        submitTestId="audit-search"
        extra={
          <RowButton onClick={() => void exportCsv()} testId="audit-export">
            {t('audit.export')}
          </RowButton>
        }
      >
        {(['from', 'to'] as const).map((key) => (
          <TextFilter
            key={key}
            type="date"
            max={today}
            label={t(`audit.filters.${key}`)}
            {...bind(key)}
            testId={`audit-filter-${key}`}
          />
        ))}
        <ChoiceFilter
          title={t('audit.filters.actorType')}
          options={ACTOR_TYPES}
          {...bind('actorType')}
          label={(type) => t(`audit.actorTypes.${type}`)}
          testId="audit-filter-actorType"
        />
        {TEXT_FILTERS.map((key) => (
          <TextFilter
            key={key}
            label={t(`audit.filters.${key}`)}
            {...bind(key)}
            testId={`audit-filter-${key}`}
          />
        ))}
      </FilterBar>
      <p className="muted">
        {t('audit.rangeNote', { zone: zoneLabel(zone) })} {t('audit.exportNote')}
      </p>
      <ErrorMessage text={message} testId="audit-message" />
      <PagedTable
        query={query}
        onPage={(next) => setFilter({ ...filter, page: next })}
        testId="audit"
        columns={[
          { label: t('audit.time') },
          { label: t('audit.actor') },
          { label: t('audit.action') },
          { label: t('audit.subject') },
          { label: t('audit.ip') },
        ]}
        row={(entry) => (
          <tr key={entry.id}>
            <td>{displayTime(entry.time)}</td>
            <td>
              {entry.actorType} {entry.actorName ?? entry.actorId}
            </td>
            <td>
              {entry.action}
              <Change entry={entry} />
            </td>
            <td>
              {entry.subjectType} {entry.subjectId}
            </td>
            <td>{entry.ip}</td>
          </tr>
        )}
        tableTestId="audit-entries"
      />
    </ListPage>
  );
}

export default AuditRoute;
