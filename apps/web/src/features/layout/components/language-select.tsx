import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';
import { apiSend } from '@/lib/api-client';
import { chooseLanguage } from '@/lib/i18n';
import { LANGUAGE_OPTIONS, useLanguage } from '@app/client';
import { useIsLoggedIn } from '@/lib/session';
import styles from './side-menu.module.css';

export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const loggedIn = useIsLoggedIn();

  function change(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = LANGUAGE_OPTIONS.find((code) => code === event.target.value);
    if (!chosen) return;
    chooseLanguage(chosen);
    // SPEC section 4: the server is told too (the account remembers it). Hot games, vendors and
    // winners are cached per language, so they reload by themselves.
    if (loggedIn) {
      void apiSend('POST', '/wps/member/language', null, { body: { language: chosen } }).catch(
        () => undefined,
      );
    }
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
