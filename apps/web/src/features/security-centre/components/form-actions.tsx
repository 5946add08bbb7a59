import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import styles from './security-centre.module.css';

type FormActionsProps = {
  onCancel: () => void;
  pending: boolean;
  testId: string;
  children: ReactNode;
};

/** Cancel, and the submit held while its request is on its way: the foot of a security form. */
export function FormActions({ onCancel, pending, testId, children }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.formActions}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="submit" variant="primary" disabled={pending} testId={testId}>
        {children}
      </Button>
    </div>
  );
}
