import { useId, useState } from 'react';
import {
  applyPreset,
  customRangeProblem,
  MAX_RANGE_DAYS,
  PRESETS,
  presetDisabled,
  type DateRange,
} from '../date-range';
import { useRecordsTranslation } from '@/lib/records-texts';
import { useMerchantToday } from '../use-merchant-today';
import shared from '@/components/money-page.module.css';
import styles from '@/components/records.module.css';
import { Button } from '@/components/button';

type DateRangeFilterProps = {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** Prefix of the controls' data-testid, e.g. `transactions`. */
  testId: string;
};

/**
 * The date filter of the record pages: the presets previous/next 7 and 30 days (see
 * date-range.ts for how they move the window) and custom dates, checked before they are sent.
 */
export function DateRangeFilter({ value, onChange, testId }: DateRangeFilterProps) {
  const { t } = useRecordsTranslation();
  const id = useId();
  const today = useMerchantToday();
  const [draft, setDraft] = useState<DateRange>(value);
  const [shownFor, setShownFor] = useState<DateRange>(value);
  const [problem, setProblem] = useState<ReturnType<typeof customRangeProblem>>(null);
  // A preset changed the window: the date fields follow it.
  if (shownFor.from !== value.from || shownFor.to !== value.to) {
    setShownFor(value);
    setDraft(value);
    setProblem(null);
  }

  function applyCustom() {
    const found = customRangeProblem(draft, today);
    setProblem(found);
    if (!found) onChange(draft);
  }

  return (
    <div className={styles.filters}>
      <fieldset className={shared.chips}>
        <legend>{t('range.label')}</legend>
        {PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={shared.chip}
            disabled={presetDisabled(value, preset, today)}
            onClick={() => onChange(applyPreset(value, preset, today))}
            data-testid={`${testId}-preset-${preset}`}
          >
            {t(`range.${preset}`)}
          </button>
        ))}
      </fieldset>
      <form
        className={styles.custom}
        onSubmit={(event) => {
          event.preventDefault();
          applyCustom();
        }}
      >
        <label className={styles.field} htmlFor={`${id}-from`}>
          {t('range.from')}
          <input
            id={`${id}-from`}
            className={styles.input}
            type="date"
            max={today}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            data-testid={`${testId}-from`}
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-to`}>
          {t('range.to')}
          <input
            id={`${id}-to`}
            className={styles.input}
            type="date"
            max={today}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            data-testid={`${testId}-to`}
          />
        </label>
        <Button type="submit" variant="primary" testId={`${testId}-apply`}>
          {t('range.apply')}
        </Button>
      </form>
      {problem && (
        <p className={styles.problem} role="alert" data-testid={`${testId}-range-problem`}>
          {t(`range.problems.${problem}`, { days: MAX_RANGE_DAYS })}
        </p>
      )}
      <p className={styles.muted} data-testid={`${testId}-range`}>
        {t('range.shown', { from: value.from, to: value.to })}
      </p>
    </div>
  );
}
