import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FilterBarProps = {
  /** Applies what the operator typed; the list goes back to its first page. */
  onSearch: () => void;
  testId?: string;
  /** The search button's test id, where a test presses it. */
  submitTestId?: string;
  /** The search button's text when it is not "Search" (a report's "Show"). */
  submitLabel?: string;
  /** Buttons after the search button that use the applied filter (CSV exports). */
  extra?: ReactNode;
  children: ReactNode;
};

/** The filters over a list, applied together by the search button (or Enter). */
export function FilterBar({
  onSearch,
  testId,
  submitTestId,
  submitLabel,
  extra,
  children,
}: FilterBarProps) {
  const { t } = useTranslation();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch();
  }
  return (
    <form className="filters" onSubmit={submit} data-testid={testId}>
      {children}
      <button type="submit" className="button button--primary" data-testid={submitTestId}>
        {submitLabel ?? t('common.search')}
      </button>
      {extra}
    </form>
  );
}

type TextFilterProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  type?: 'text' | 'date' | 'datetime-local';
  /** The latest day a date filter takes. */
  max?: string;
};

/** One typed filter in a filter bar. */
export function TextFilter({ label, value, onChange, testId, type, max }: TextFilterProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type={type}
        value={value}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </label>
  );
}

/**
 * A list's filter and page: `refine` changes the filter and goes back to page 1, `onPage` moves
 * to another page of the same filter.
 */
export function useListFilter<Filter extends { page: number }>(initial: Filter) {
  const [filter, setFilter] = useState<Filter>(initial);
  return {
    filter,
    refine: (change: Partial<Omit<Filter, 'page'>>) => setFilter({ ...filter, ...change, page: 1 }),
    onPage: (page: number) => setFilter({ ...filter, page }),
  };
}

/** A draft text filter applied on search: undefined when blank, else trimmed. */
export function typedFilter(value: string): string | undefined {
  return value.trim() || undefined;
}

/** The typed filters applied on search: each trimmed, a blank one undefined (no filter). */
export function typedFilters<Key extends string>(
  draft: Record<Key, string>,
): Record<Key, string | undefined> {
  const filters = {} as Record<Key, string | undefined>;
  for (const key of Object.keys(draft) as Key[]) filters[key] = typedFilter(draft[key]);
  return filters;
}

/**
 * The filters typed but not applied yet: `bind(key)` gives one filter's `value` and `onChange`,
 * to spread on its field.
 */
export function useDraft<Draft extends Record<string, unknown>>(initial: Draft) {
  const [draft, setDraft] = useState<Draft>(initial);
  const bind = <Key extends keyof Draft>(key: Key) => ({
    value: draft[key],
    onChange: (value: Draft[Key]) => setDraft({ ...draft, [key]: value }),
  });
  return { draft, bind };
}

/**
 * The text fields of a list's search: `bind(key)` for each field, and `search`, which applies them
 * through the list's `refine` (each trimmed, a blank one no filter).
 */
export function useSearchDraft<Key extends string>(
  fields: Record<Key, string>,
  refine: (change: Record<Key, string | undefined>) => void,
) {
  const { draft, bind } = useDraft(fields);
  return { bind, search: () => refine(typedFilters(draft)) };
}
