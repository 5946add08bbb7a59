import { useTranslation } from 'react-i18next';

type StatusFilterProps<Status extends string> = {
  options: readonly Status[];
  /** undefined: every status. */
  value: Status | undefined;
  label: (status: Status) => string;
  onChange: (status: Status | undefined) => void;
  testId: string;
  /** False for lists that always have a status (the KYC queue). */
  includeAll?: boolean;
};

/** The status a queue shows; "all" sends no filter. */
export function StatusFilter<Status extends string>({
  options,
  value,
  label,
  onChange,
  testId,
  includeAll = true,
}: StatusFilterProps<Status>) {
  const { t } = useTranslation();
  return (
    <label className="field field--inline">
      <span>{t('common.status')}</span>
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
