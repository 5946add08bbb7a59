import '@/lib/account-texts';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';
import { Button } from '../button';
import { Icon } from '../icon';
import styles from './form.module.css';

type FieldFrameProps = {
  id: string;
  label: string;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  testId?: string;
  children: ReactNode;
};

/** Label, control, hint and error of one form field; `*` marks the required ones (SPEC 5). */
function FieldFrame({ id, label, required, error, hint, testId, children }: FieldFrameProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className={cx(styles.control, error && styles.invalid)}>{children}</div>
      {hint && (
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} data-testid={testId && `${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type ControlState = Pick<FieldFrameProps, 'error' | 'hint' | 'required' | 'testId'>;

/**
 * What ties a field's control to its frame: its id, its invalid and required states, the hint
 * and error that describe it, and its test id.
 */
function controlAttributes(id: string, { error, hint, required, testId }: ControlState) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': cx(error && `${id}-error`, hint ? `${id}-hint` : null) || undefined,
    'aria-required': required || undefined,
    'data-testid': testId,
  };
}

/** What every field takes: its label, its value and change, its error and its test id. */
type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId?: string;
};

type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'prefix' | 'id'
> &
  FieldProps & {
    hint?: ReactNode;
    /** Shown before the value, e.g. the country dialing code. */
    prefix?: string;
    /** A control at the end of the field: the send-code button, the captcha image. */
    action?: ReactNode;
  };

/** A text input; password inputs get a show/hide button. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  prefix,
  action,
  testId,
  type = 'text',
  required,
  className,
  ...input
}: TextFieldProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} testId={testId}>
      {prefix && <span className={styles.prefix}>{prefix}</span>}
      <input
        {...input}
        {...controlAttributes(id, { error, hint, required, testId })}
        className={cx(styles.input, className)}
        type={isPassword && revealed ? 'text' : type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {isPassword && (
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setRevealed((shown) => !shown)}
          aria-label={revealed ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={revealed}
        >
          <Icon name={revealed ? 'eyeOff' : 'eye'} size={18} />
        </button>
      )}
      {action && <span className={styles.action}>{action}</span>}
    </FieldFrame>
  );
}

/** What the browser may do with a typed account name: never capitalise or spell-check it. */
const USERNAME_INPUT = {
  /** The member's own, which the browser may fill in. */
  own: { autoComplete: 'username', autoCapitalize: 'off' },
  /** Another account (a downline, an agent): no autofill, at most 32 characters. */
  other: { autoComplete: 'off', autoCapitalize: 'none', maxLength: 32 },
} as const;

/** A TextField for an account's username: the member's own or another account's. */
export function UsernameField({
  account,
  ...field
}: TextFieldProps & { account: keyof typeof USERNAME_INPUT }) {
  return <TextField {...USERNAME_INPUT[account]} spellCheck={false} {...field} />;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> &
  FieldProps & {
    options: { value: string; label: string }[];
    /** The empty first option, e.g. "Select a type". */
    placeholder: string;
  };

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  testId,
  required,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} error={error} testId={testId}>
      <select
        {...select}
        {...controlAttributes(id, { error, required, testId })}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'id'
> &
  FieldProps & { hint?: ReactNode };

export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
  required,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint} testId={testId}>
      <textarea
        {...textarea}
        {...controlAttributes(id, { error, hint, required, testId })}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

type CheckboxFieldProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
  testId?: string;
};

export function CheckboxField({ checked, onChange, children, error, testId }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={testId}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className={styles.error} data-testid={testId && `${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type FormMessageProps = { kind?: 'error' | 'info'; children: ReactNode; testId?: string };

/** A message about the whole form: a server error, or a note such as "code sent". */
export function FormMessage({ kind = 'error', children, testId = 'form-error' }: FormMessageProps) {
  return (
    <p
      className={cx(styles.message, kind === 'error' ? styles.messageError : styles.messageInfo)}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** A form's message after a send: what went wrong, or what was done. */
export type FormNote = { kind: 'error' | 'info'; text: string } | null;

/** The form's note, if there is one. */
export function FormNoteMessage({ note, testId }: { note: FormNote; testId: string }) {
  if (!note) return null;
  return (
    <FormMessage kind={note.kind} testId={testId}>
      {note.text}
    </FormMessage>
  );
}

type LinkButtonProps = { onClick: () => void; testId?: string; children: ReactNode };

/** A button drawn as a link, for an action within a form's text (forgot password, skip, back). */
export function LinkButton({ onClick, testId, children }: LinkButtonProps) {
  return (
    <button type="button" className={styles.linkButton} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}

type TabsProps<T extends string> = {
  label: string;
  tabs: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  testId: string;
};

/** Switches between the modes of a form (username or SMS, email or phone). */
export function Tabs<T extends string>({ label, tabs, value, onChange, testId }: TabsProps<T>) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={tab.value === value}
          onClick={() => onChange(tab.value)}
          data-testid={`${testId}-${tab.value}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

type SubmitButtonProps = {
  pending: boolean;
  children: ReactNode;
  testId: string;
  /** As wide as the form (else beside another button). */
  block?: boolean;
};

/** The form's submit button, held while its request is on its way. */
export function SubmitButton({ pending, children, testId, block = true }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="primary"
      block={block}
      className={styles.submit}
      disabled={pending}
      testId={testId}
    >
      {children}
    </Button>
  );
}

/**
 * After a refused submit: shows the problems (`render` sets them) at once, then gives the first
 * field with a problem the focus. Done synchronously, so the focus never jumps away later from a
 * field the user has already moved on to.
 */
export function focusFirstProblem(form: HTMLFormElement, render: () => void): void {
  flushSync(render);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

export { styles as formStyles };
