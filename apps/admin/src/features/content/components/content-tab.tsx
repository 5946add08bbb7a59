import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PagedTable } from '@/components/paged-table';
import { deleteContent, type ContentResource } from '../api/content';
import { EditDialog, type Draft, type FieldProps } from './edit-dialog';

/** A page of a content list, as the list endpoints answer it. */
type Page<T> = { items: T[]; page: number; size: number; total: number };

/** The edit and delete buttons of a row: `<name>-edit-<id>`, `<name>-delete-<id>`. */
export function RowActions({
  name,
  id,
  onEdit,
  onDelete,
  deleteLabel,
}: {
  name: string;
  id: number;
  onEdit?: () => void;
  onDelete: () => void;
  deleteLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <td className="actions">
      {onEdit && (
        <button
          type="button"
          className="button"
          onClick={onEdit}
          data-testid={`${name}-edit-${id}`}
        >
          {t('content.edit')}
        </button>
      )}
      <button
        type="button"
        className="button button--danger"
        onClick={onDelete}
        data-testid={`${name}-delete-${id}`}
      >
        {deleteLabel ?? t('content.delete')}
      </button>
    </td>
  );
}

/** The primary button above a list: `<name>-new`. */
export function NewButton({
  name,
  label,
  onClick,
}: {
  name: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <div className="toolbar">
      <button
        type="button"
        className="button button--primary"
        onClick={onClick}
        data-testid={`${name}-new`}
      >
        {label}
      </button>
    </div>
  );
}

type ContentTabProps<T extends { id: number }, K extends QueryKey, Request> = {
  /** Names the test ids: `<name>-new`, a row `<name>-<id>` and its buttons. */
  name: string;
  /** The list's test id (`<tableTestId>-empty`, `<tableTestId>-pages`). */
  tableTestId: string;
  /** The list's query options for a page (`get...QueryOptions`). */
  list: (page: number) => UseQueryOptions<Page<T>, Error, Page<T>, K>;
  columns: { label: string; number?: boolean }[];
  /** A row's cells before its actions. */
  cells: (item: T) => ReactNode;
  /** The "new" button's label and the dialog's title; `editLabel` titles an edit when it differs. */
  newLabel: string;
  editLabel?: string;
  formTestId: string;
  /** The form's values for an item, or a new one's defaults. */
  initial: (item: T | null) => Draft;
  fields: (p: FieldProps) => ReactNode;
  /** The request of the form's values, and the shared schema that checks it. */
  request: (draft: Draft) => Request;
  schema: z.ZodType<unknown, Awaited<Request>>;
  /** Creates (id null) or changes the item. */
  save: (id: number | null, request: Request) => Promise<unknown>;
  resource: ContentResource;
};

/** One content list: a "new" button, the paged rows with edit and delete, the form, the delete. */
export function ContentTab<T extends { id: number }, K extends QueryKey, Request>({
  name,
  tableTestId,
  list,
  columns,
  cells,
  newLabel,
  editLabel,
  formTestId,
  initial,
  fields,
  request,
  schema,
  save,
  resource,
}: ContentTabProps<T, K, Request>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const query = useQuery(list(page));
  return (
    <>
      <NewButton name={name} label={newLabel} onClick={() => setEditing('new')} />
      <PagedTable
        query={query}
        onPage={setPage}
        testId={tableTestId}
        columns={[...columns, { label: t('common.actions') }]}
        row={(item) => (
          <tr key={item.id} data-testid={`${name}-${item.id}`}>
            {cells(item)}
            <RowActions
              name={name}
              id={item.id}
              onEdit={() => setEditing(item)}
              onDelete={() => setRemoving(item.id)}
            />
          </tr>
        )}
      />
      {editing && (
        <EditDialog
          title={editing === 'new' ? newLabel : (editLabel ?? newLabel)}
          testId={formTestId}
          initial={initial(editing === 'new' ? null : editing)}
          onClose={() => setEditing(null)}
          request={request}
          schema={schema}
          submit={(body) => save(editing === 'new' ? null : editing.id, body)}
          fields={fields}
        />
      )}
      {removing !== null && (
        <ConfirmDialog
          title={t('content.delete')}
          text={t('content.deleteText', { id: removing })}
          confirmLabel={t('content.delete')}
          onConfirm={() => deleteContent(resource, removing)}
          onClose={() => setRemoving(null)}
          testId="content-delete"
        />
      )}
    </>
  );
}
