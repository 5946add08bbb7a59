import type { AdminAuditEntry } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { displayTime } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { manilaToday } from '@/lib/report-range';
import {
  AUDIT_PAGE_SIZE,
  auditRange,
  downloadAuditCsv,
  getAuditQueryOptions,
  type AuditFilter,
} from '../api/audit';
import styles from './audit-route.module.css';
import { ErrorMessage } from '@/components/feedback';

const TEXT_FILTERS = ['action', 'actorId', 'subjectType', 'subjectId'] as const;
type TextFilter = (typeof TEXT_FILTERS)[number];
const ACTOR_TYPES = ['operator', 'member', 'system'] as const;
type Draft = Record<TextFilter | 'from' | 'to', string> & {
  actorType: '' | (typeof ACTOR_TYPES)[number];
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
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({
    action: '',
    actorId: '',
    subjectType: '',
    subjectId: '',
    actorType: '',
    from: '',
    to: '',
  });
  const [filter, setFilter] = useState<AuditFilter>({ page: 1 });
  const [message, setMessage] = useState<string | null>(null);
  const query = useQuery(getAuditQueryOptions(filter));

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: AuditFilter = { page: 1, ...auditRange(draft.from, draft.to) };
    for (const key of TEXT_FILTERS) {
      if (draft[key].trim()) next[key] = draft[key].trim();
    }
    if (draft.actorType) next.actorType = draft.actorType;
    setMessage(null);
    setFilter(next);
  }

  async function exportCsv() {
    setMessage(null);
    try {
      // The same filters as the list, without its page.
      const { from, to, actorType, actorId, action, subjectType, subjectId } = filter;
      await downloadAuditCsv({ from, to, actorType, actorId, action, subjectType, subjectId });
    } catch (error) {
      setMessage(errorText(t, error));
    }
  }

  return (
    <section className="page" data-testid="audit-page">
      <header className="page__header">
        <h1>{t('nav.audit')}</h1>
      </header>
      <form className="filters" onSubmit={submit}>
        {(['from', 'to'] as const).map((key) => (
          <label key={key} className="field">
            <span>{t(`audit.filters.${key}`)}</span>
            <input
              type="date"
              value={draft[key]}
              max={manilaToday()}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
              data-testid={`audit-filter-${key}`}
            />
          </label>
        ))}
        <label className="field">
          <span>{t('audit.filters.actorType')}</span>
          <select
            value={draft.actorType}
            onChange={(event) =>
              setDraft({ ...draft, actorType: event.target.value as Draft['actorType'] })
            }
            data-testid="audit-filter-actorType"
          >
            <option value="">{t('common.all')}</option>
            {ACTOR_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.actorTypes.${type}`)}
              </option>
            ))}
          </select>
        </label>
        {TEXT_FILTERS.map((key) => (
          <label key={key} className="field">
            <span>{t(`audit.filters.${key}`)}</span>
            <input
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
              data-testid={`audit-filter-${key}`}
            />
          </label>
        ))}
        <button type="submit" className="button button--primary" data-testid="audit-search">
          {t('common.search')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void exportCsv()}
          data-testid="audit-export"
        >
          {t('audit.export')}
        </button>
      </form>
      <p className="muted">
        {t('audit.rangeNote')} {t('audit.exportNote')}
      </p>
      <ErrorMessage text={message} testId="audit-message" />
      <PagedTable
        query={query}
        pageSize={AUDIT_PAGE_SIZE}
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
    </section>
  );
}

export default AuditRoute;
