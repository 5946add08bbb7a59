import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { chooseLanguage, LANGUAGE_OPTIONS, useLanguage } from '../../../lib/i18n';
import styles from './side-menu.module.css';

export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();

  function change(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = LANGUAGE_OPTIONS.find((code) => code === event.target.value);
    if (chosen) chooseLanguage(chosen);
  }

  return (
    <div className={styles.language}>
      <label htmlFor={id} className={styles.languageLabel}>
        <Icon name="globe" size={18} />
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={language}
        onChange={change}
        data-testid="language-select"
      >
        {LANGUAGE_OPTIONS.map((code) => (
          <option key={code} value={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
