import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_LANGUAGES, chooseLanguage } from './i18n';

export function App() {
  const { t, i18n } = useTranslation();

  function change(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = ADMIN_LANGUAGES.find((language) => language === event.target.value);
    if (chosen) chooseLanguage(chosen);
  }

  return (
    <div className="admin">
      <header className="admin__bar">
        <label className="admin__language">
          <span>{t('language')}</span>
          <select value={i18n.language} onChange={change} data-testid="admin-language-select">
            {ADMIN_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className="admin__main" data-testid="admin-home">
        <h1 className="admin__title">{t('title')}</h1>
        <p className="admin__subtitle">{t('subtitle')}</p>
      </main>
    </div>
  );
}
