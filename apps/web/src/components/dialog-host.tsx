import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentDialog } from '@/lib/dialogs';
import { PopupModal } from './popup-modal';
import styles from './dialog-host.module.css';
import { Button } from './button';

/**
 * Draws the informations and confirmations of lib/dialogs, one at a time, above every other
 * modal. An information has its own title ("Notice" unless it names one) and one OK button, plus
 * its action link when it has one; only a question is titled "Please confirm" and can be
 * cancelled.
 */
export function DialogHost() {
  const { t } = useTranslation();
  const dialog = useCurrentDialog();
  if (!dialog) return null;
  const question = dialog.kind === 'confirm';
  const cancel = () => dialog.answer('cancel');
  const defaultTitle = question ? t('prompts.in_popup_prompt') : t('prompts.in_popup_notice');
  return (
    <PopupModal
      key={dialog.id}
      title={dialog.title ?? defaultTitle}
      onClose={cancel}
      size="small"
      blocking
      testId={`${dialog.kind}-dialog`}
      footer={
        <>
          {question && (
            <Button onClick={cancel} testId="dialog-cancel">
              {t('common.cancel')}
            </Button>
          )}
          <Button
            variant={dialog.action ? undefined : 'primary'}
            onClick={() => dialog.answer('confirm')}
            testId="dialog-confirm"
          >
            {dialog.confirmLabel ?? (question ? t('common.confirm') : t('common.ok'))}
          </Button>
          {dialog.action && (
            <Link
              to={dialog.action.to}
              className="button button--primary"
              onClick={() => dialog.answer('action')}
              data-testid="dialog-action"
            >
              {dialog.action.label}
            </Link>
          )}
        </>
      }
    >
      <p className={styles.message} data-testid="dialog-message">
        {dialog.message}
      </p>
    </PopupModal>
  );
}
