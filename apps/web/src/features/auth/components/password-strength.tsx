import { passwordStrength } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';
import styles from './auth.module.css';

const LEVELS = [1, 2, 3] as const;

/** The 3-level strength bars under a new password (SPEC section 5). */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation('account');
  if (!password) return null;
  const level = passwordStrength(password);
  return (
    <span className={styles.strength} data-level={level} data-testid="password-strength">
      <span className={styles.bars} aria-hidden="true">
        {LEVELS.map((bar) => (
          <span key={bar} className={cx(styles.bar, bar <= level && styles.barOn)} />
        ))}
      </span>
      {t(`password.strength.${level}`)}
    </span>
  );
}
