import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ErrorState, Loader } from '@/components/query-content';
import { getMeQueryOptions, logout, switchMerchant } from '@/features/auth/api/session';
import { cx } from '@/lib/class-names';
import { errorText } from '@/lib/error-text';
import { i18nCode, LANGUAGE_OPTIONS } from '@app/client';
import { chooseLanguage } from '@/lib/i18n';
import { useToken } from '@/lib/session';
import { allowedSections, DASHBOARD_PATH } from './navigation';
import styles from './shell-layout.module.css';

function LanguageSelect() {
  const { t, i18n } = useTranslation();
  function change(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = LANGUAGE_OPTIONS.find((language) => i18nCode[language] === event.target.value);
    if (chosen) chooseLanguage(chosen);
  }
  return (
    <label className={styles.inline}>
      <span>{t('language')}</span>
      <select value={i18n.language} onChange={change} data-testid="admin-language-select">
        {LANGUAGE_OPTIONS.map((language) => (
          <option key={language} value={i18nCode[language]}>
            {t(`languages.${i18nCode[language]}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A platform super-operator names the merchant it works on; the server checks the code. */
function MerchantPicker({ current }: { current: string }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(current);
  const [message, setMessage] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await switchMerchant(code.trim() || null);
    } catch (error) {
      setMessage(errorText(t, error));
    }
  }
  return (
    <form className={styles.inline} onSubmit={(event) => void submit(event)}>
      <label className={styles.inline}>
        <span>{t('shell.merchant')}</span>
        <input
          className={styles.merchant}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          data-testid="merchant-picker"
        />
      </label>
      <button type="submit" className="button" data-testid="merchant-picker-apply">
        {t('shell.switchMerchant')}
      </button>
      {message && (
        <span className="form__error" role="alert" data-testid="merchant-picker-message">
          {message}
        </span>
      )}
    </form>
  );
}

/**
 * The signed-in frame: who is signed in, the merchant in scope, and the pages the role may open.
 * Without a session it sends the operator to sign in, and back here afterwards.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useToken();
  const me = useQuery({ ...getMeQueryOptions(), enabled: token !== null });
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (me.isError) {
    // Whatever went wrong, the operator can still leave (and sign in again).
    return (
      <>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
        <p className={styles.leave}>
          <button type="button" className="button" onClick={() => void logout()}>
            {t('shell.logout')}
          </button>
        </p>
      </>
    );
  }
  if (!me.data) return <Loader />;
  const operator = me.data;

  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <strong className={styles.brand}>{t('title')}</strong>
        <span className={styles.scope} data-testid="shell-merchant">
          {operator.scopeMerchant.name} ({operator.scopeMerchant.code})
        </span>
        {operator.isPlatform && (
          <MerchantPicker key={operator.scopeMerchant.code} current={operator.scopeMerchant.code} />
        )}
        <span className={styles.spacer} />
        <span data-testid="shell-operator">
          {operator.username} · {t(`roles.${operator.role}`)}
        </span>
        <LanguageSelect />
        <button type="button" className="button" onClick={() => void logout()} data-testid="logout">
          {t('shell.logout')}
        </button>
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label={t('shell.menu')} data-testid="nav">
          <NavLink
            to={DASHBOARD_PATH}
            className={({ isActive }) => cx(styles.link, isActive && styles.active)}
            data-testid="nav-dashboard"
          >
            {t('nav.dashboard')}
          </NavLink>
          {allowedSections(operator.permissions).map((section) => (
            <NavLink
              key={section.id}
              to={section.path}
              className={({ isActive }) => cx(styles.link, isActive && styles.active)}
              data-testid={`nav-${section.id}`}
            >
              {t(`nav.${section.id}`)}
            </NavLink>
          ))}
        </nav>
        <main className={styles.main}>
          <Outlet context={operator} />
        </main>
      </div>
    </div>
  );
}
