import '@/lib/account-texts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { PopupModal } from '@/components/popup-modal';
import { memberPagePath } from '@/config/paths';
import { useSession } from '@/lib/session';
import styles from './auth.module.css';
import { Button } from '@/components/button';

/** Shown after a registration logged the new member in. */
export default function RegisterSuccessModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const session = useSession();
  return (
    <PopupModal
      title={t('registerSuccess.title')}
      onClose={onClose}
      size="small"
      testId="register-success-modal"
      footer={
        <>
          <Link
            to={memberPagePath('depositv2')}
            className="button"
            onClick={onClose}
            data-testid="register-success-deposit"
          >
            {t('registerSuccess.deposit')}
          </Link>
          <Button variant="primary" onClick={onClose} testId="register-success-play">
            {t('registerSuccess.play')}
          </Button>
        </>
      }
    >
      <div className={styles.success}>
        <span className={styles.successIcon}>
          <Icon name="check" size={28} />
        </span>
        <p className={styles.successTitle}>
          {t('registerSuccess.welcome', { account: session?.account ?? '' })}
        </p>
        <p className={styles.lead}>{t('registerSuccess.text')}</p>
      </div>
    </PopupModal>
  );
}
