import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import shared from '@/components/money-page.module.css';
import records from '@/components/records.module.css';
import { REPORT_PRESET_OPTIONS } from '../api/reports';
import type { ReportFilterState } from '../use-report-filters';
import styles from './agent-centre.module.css';
import { Button } from '@/components/button';

type Choice = {
  label: string;
  /** The option meaning "no filter". */
  allLabel: string;
  options: readonly { value: string; label: string }[];
};

type ReportFilterBarProps = {
  state: ReportFilterState;
  /** Prefix of the controls' data-testid, e.g. `agent-bets`. */
  testId: string;
  /** The downline account filter, for the reports that take one. */
  withAccount?: boolean;
  /** A report's own select (record category, income type). */
  choice?: Choice;
};

/** A report's filters: the period presets the server knows, then the account and the report's own. */
export function ReportFilterBar({ state, testId, withAccount, choice }: ReportFilterBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(state.account);
  return (
    <div className={styles.filterBar}>
      <fieldset className={shared.chips}>
        <legend>{t('agent.report.period')}</legend>
        {REPORT_PRESET_OPTIONS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={shared.chip}
            aria-pressed={state.preset === preset}
            onClick={() => state.setPreset(preset)}
            data-testid={`${testId}-preset-${preset}`}
          >
            {t(`agent.report.presets.${preset}`)}
          </button>
        ))}
      </fieldset>
      {(withAccount || choice) && (
        <form
          className={styles.filterFields}
          onSubmit={(event) => {
            event.preventDefault();
            state.setAccount(draft.trim());
          }}
        >
          {choice && (
            <label className={records.field} htmlFor={`${id}-choice`}>
              {choice.label}
              <select
                id={`${id}-choice`}
                className={records.input}
                value={state.choice}
                onChange={(event) => state.setChoice(event.currentTarget.value)}
                data-testid={`${testId}-choice`}
              >
                <option value="">{choice.allLabel}</option>
                {choice.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {withAccount && (
            <>
              <label className={records.field} htmlFor={`${id}-account`}>
                {t('agent.report.account')}
                <input
                  id={`${id}-account`}
                  className={records.input}
                  type="search"
                  maxLength={32}
                  autoComplete="off"
                  placeholder={t('agent.report.accountPlaceholder')}
                  value={draft}
                  onChange={(event) => setDraft(event.currentTarget.value)}
                  data-testid={`${testId}-account`}
                />
              </label>
              <Button type="submit" variant="primary" testId={`${testId}-search`}>
                {t('agent.report.search')}
              </Button>
            </>
          )}
        </form>
      )}
    </div>
  );
}
