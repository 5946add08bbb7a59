import { useTranslation } from 'react-i18next';
import { useCurrentDialog } from '@/lib/dialogs';
import { PopupModal } from './popup-modal';
import styles from './dialog-host.module.css';
import { Button } from './button';

/** Draws the alerts and confirmations of lib/dialogs, one at a time, above every other modal. */
export function DialogHost() {
  const { t } = useTranslation();
  const dialog = useCurrentDialog();
  if (!dialog) return null;
  const cancel = () => dialog.answer(false);
  return (
    <PopupModal
      key={dialog.id}
      title={dialog.title ?? t('prompts.in_popup_prompt')}
      onClose={cancel}
      size="small"
      blocking
      testId={`${dialog.kind}-dialog`}
      footer={
        <>
          {dialog.kind === 'confirm' && (
            <Button onClick={cancel} testId="dialog-cancel">
              {t('common.cancel')}
            </Button>
          )}
          <Button variant="primary" onClick={() => dialog.answer(true)} testId="dialog-confirm">
            {dialog.confirmLabel ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      <p className={styles.message} data-testid="dialog-message">
        {dialog.message}
      </p>
    </PopupModal>
  );
}
