import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';

type RowButtonProps = {
  onClick: () => void;
  testId?: string;
  /** A button that removes or refuses something. */
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

/** A button acting on one row of a list (open, edit, remove). */
export function RowButton({ onClick, testId, danger, disabled, children }: RowButtonProps) {
  return (
    <button
      type="button"
      className={cx('button', danger && 'button--danger')}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
