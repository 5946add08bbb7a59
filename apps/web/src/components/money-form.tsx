import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from './form/fields';
import { cx } from '@/lib/class-names';
import styles from './money-page.module.css';

/** What a money form says after a submit: a failure, or what was done. */
/**
 * One submit at a time: `busy()` is true while a send runs (a double click sends nothing),
 * `run(task)` marks the form pending until the task ends.
 */
export function useSubmitGuard() {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  return {
    pending,
    busy: () => running.current,
    run: async (task: () => Promise<void>) => {
      running.current = true;
      setPending(true);
      try {
        await task();
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    /**
     * The form's onSubmit: while a send runs a submit does nothing (no new check, no second
     * request); otherwise `begin` (clearing the last note), then the checked submit.
     */
    onSubmit:
      (begin: () => void, submit: (event: FormEvent<HTMLFormElement>) => Promise<void>) =>
      (event: FormEvent<HTMLFormElement>) => {
        if (running.current) {
          event.preventDefault();
          return;
        }
        begin();
        void submit(event);
      },
  };
}

type SubmitButtonProps = { busy: boolean; testId: string; children: ReactNode };

/** The full-width primary button of a money form, disabled and marked busy while sending. */
export function SubmitButton({ busy, testId, children }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={cx('button button--primary', styles.submit)}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

type AmountFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  currencySymbol: string;
  action?: ReactNode;
  testId: string;
};

/** A money amount as typed: digits and a decimal point only, after the currency symbol. */
export function AmountField({ currencySymbol, onChange, ...props }: AmountFieldProps) {
  return (
    <TextField
      {...props}
      onChange={(value) => onChange(value.replace(/[^\d.]/g, ''))}
      prefix={currencySymbol || undefined}
      inputMode="decimal"
      autoComplete="off"
      required
    />
  );
}

type PaymentPasswordFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  maxLength?: number;
  testId: string;
};

/** The six-digit payment password: digits only, at most six. */
export function PaymentPasswordField({ onChange, ...props }: PaymentPasswordFieldProps) {
  return (
    <TextField
      {...props}
      type="password"
      onChange={(value) => onChange(value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="off"
      required
    />
  );
}
