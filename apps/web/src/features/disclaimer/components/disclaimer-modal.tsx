import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { sessionStore } from '@/lib/storage';
import styles from './disclaimer-modal.module.css';
import { Button } from '@/components/button';

const BARRED = ['officials', 'military', 'minors', 'restricted', 'licensees'] as const;

/** The terms every visitor accepts once per browser session before using the site. */
export function DisclaimerModal() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(() => sessionStore.get('disclaimerAccepted') === 'true');

  if (accepted) return null;

  function accept() {
    sessionStore.set('disclaimerAccepted', 'true');
    setAccepted(true);
  }

  return (
    <PopupModal
      title={t('disclaimer.title')}
      blocking
      focusAfterPaint
      testId="disclaimer-modal"
      footer={
        <Button variant="primary" block onClick={accept} testId="disclaimer-accept">
          {t('disclaimer.accept')}
        </Button>
      }
    >
      <div className={styles.terms}>
        <p className={styles.age}>
          <span className={styles.ageBadge} aria-hidden="true">
            {t('common.adultsBadge')}
          </span>
          <span>{t('disclaimer.adults')}</span>
        </p>
        <p>{t('disclaimer.intro')}</p>
        <p>{t('disclaimer.barredIntro')}</p>
        <ul>
          {BARRED.map((group) => (
            <li key={group}>{t(`disclaimer.barred.${group}`)}</li>
          ))}
        </ul>
        <p>{t('disclaimer.forfeit')}</p>
        <p>{t('disclaimer.publicPlaces')}</p>
        <p>
          <Link to={paths.terms} data-testid="disclaimer-terms">
            {t('disclaimer.terms')}
          </Link>
        </p>
      </div>
    </PopupModal>
  );
}
