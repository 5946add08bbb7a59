import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form's primary button: "Save" unless told otherwise, disabled while the form is sending. */
export function SubmitButton({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button button--primary" disabled={busy} data-testid={testId}>
      {children ?? t('common.save')}
    </button>
  );
}
