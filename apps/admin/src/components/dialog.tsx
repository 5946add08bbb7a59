import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';
import styles from './dialog.module.css';

type DialogProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content. */
  actions?: ReactNode;
  wide?: boolean;
  testId: string;
};

/** A modal over the page; Escape or a click beside it closes it. */
export function Dialog({ title, onClose, children, actions, wide = false, testId }: DialogProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        className={cx(styles.dialog, wide && styles.wide)}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 className={styles.title}>{title}</h2>
        {children}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>
  );
}

export { styles as dialogStyles };

type DialogButtonsProps = {
  onCancel: () => void;
  label: string;
  busy: boolean;
  testId: string;
  /** Refusals and removals are red. */
  tone?: 'primary' | 'danger';
  /** Without it the button submits the form (`form` names it when the button is outside). */
  onConfirm?: () => void;
  form?: string;
};

/** Cancel, and the button that carries out what the dialog asks. */
export function DialogButtons({
  onCancel,
  label,
  busy,
  testId,
  tone = 'primary',
  onConfirm,
  form,
}: DialogButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        form={form}
        className={cx('button', `button--${tone}`)}
        disabled={busy}
        onClick={onConfirm}
        data-testid={testId}
      >
        {label}
      </button>
    </>
  );
}
