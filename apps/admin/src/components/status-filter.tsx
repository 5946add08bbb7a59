import { useTranslation } from 'react-i18next';

type ChoiceFilterProps<Choice extends string> = {
  /** The field's label. */
  title: string;
  options: readonly Choice[];
  /** undefined: every choice. */
  value: Choice | undefined;
  label: (choice: Choice) => string;
  onChange: (choice: Choice | undefined) => void;
  testId?: string;
  /** False for lists that always have a choice (the KYC queue). */
  includeAll?: boolean;
  /** Label beside the select (a queue's one filter) rather than above it (a filter bar). */
  inline?: boolean;
};

/** One choice a list is filtered by; "all" sends no filter. */
export function ChoiceFilter<Choice extends string>({
  title,
  options,
  value,
  label,
  onChange,
  testId,
  includeAll = true,
  inline = false,
}: ChoiceFilterProps<Choice>) {
  const { t } = useTranslation();
  return (
    <label className={inline ? 'field field--inline' : 'field'}>
      <span>{title}</span>
      <select
        value={value ?? ''}
        onChange={(event) => onChange(options.find((option) => option === event.target.value))}
        data-testid={testId}
      >
        {includeAll && <option value="">{t('common.all')}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {label(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The status a queue shows; "all" sends no filter. */
export function StatusFilter<Status extends string>(
  props: Omit<ChoiceFilterProps<Status>, 'title' | 'inline'>,
) {
  const { t } = useTranslation();
  return <ChoiceFilter {...props} title={t('common.status')} inline />;
}
