import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogButtons } from '@/components/dialog';
import { fieldIssues } from '@app/client';
import { errorText, issueText } from '@/lib/error-text';
import { previewHtml } from '../api/content';
import { ErrorMessage } from '@/components/feedback';

/** A form's values by field name, as the inputs edit them. */
export type Draft = Record<string, string | boolean>;

/** What every field of a form takes: the draft, its setter, the server's issues, the form's id. */
export type FieldProps = {
  draft: Draft;
  set: (key: string, value: string | boolean) => void;
  issue: (key: string) => ReactNode;
  testId: string;
};

type NamedField = FieldProps & { name: string; label: string };

/** A draft value as text ('' when unset). */
export const str = (draft: Draft, key: string) => String(draft[key] ?? '');

/** Options shown as their own value. */
export const plain = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value }));

/** One form in a dialog: fields by the draft, server issues under each field. */
export function EditDialog({
  title,
  testId,
  initial,
  fields,
  submit,
  onClose,
}: {
  title: string;
  testId: string;
  initial: Draft;
  fields: (p: FieldProps) => ReactNode;
  submit: (draft: Draft) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: string, value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));
  const issue = (key: string) =>
    issues[key] !== undefined ? (
      <span className="form__error" data-testid={`${testId}-${key}-error`}>
        {issueText(t, issues[key])}
      </span>
    ) : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setIssues({});
    setMessage(null);
    try {
      await submit(draft);
      onClose();
    } catch (error) {
      setIssues(fieldIssues(error));
      setMessage(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose} wide testId={testId}>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {fields({ draft, set, issue, testId })}
        <ErrorMessage text={message} testId={`${testId}-message`} />
        <div className="form__actions">
          <DialogButtons
            onCancel={onClose}
            label={t('common.save')}
            busy={busy}
            testId={`${testId}-save`}
          />
        </div>
      </form>
    </Dialog>
  );
}

export function TextField({
  name,
  label,
  draft,
  set,
  issue,
  testId,
  multiline,
  type,
}: NamedField & { multiline?: boolean; type?: string }) {
  const value = String(draft[name] ?? '');
  return (
    <label className="field">
      <span>{label}</span>
      {multiline ? (
        <textarea
          rows={6}
          value={value}
          onChange={(e) => set(name, e.target.value)}
          data-testid={`${testId}-${name}`}
        />
      ) : (
        <input
          type={type ?? 'text'}
          value={value}
          onChange={(e) => set(name, e.target.value)}
          data-testid={`${testId}-${name}`}
        />
      )}
      {issue(name)}
    </label>
  );
}

export function SelectField({
  name,
  label,
  draft,
  set,
  issue,
  testId,
  options,
}: NamedField & { options: { value: string; label: string }[] }) {
  return (
    <label className="field">
      <span>{label}</span>
      <select
        value={String(draft[name] ?? '')}
        onChange={(e) => set(name, e.target.value)}
        data-testid={`${testId}-${name}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {issue(name)}
    </label>
  );
}

export function CheckField({ name, label, draft, set, testId }: NamedField) {
  return (
    <label className="field">
      <span>
        <input
          type="checkbox"
          checked={draft[name] === true}
          onChange={(e) => set(name, e.target.checked)}
          data-testid={`${testId}-${name}`}
        />{' '}
        {label}
      </span>
    </label>
  );
}

/** The language of a text shown in one language (EN or TL). */
export function LanguageField(p: FieldProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      {...p}
      name="language"
      label={t('content.language')}
      options={plain(['EN', 'TL'])}
    />
  );
}

/** The cleaned HTML in a sandboxed frame: nothing in it can run even if something slipped by. */
export function HtmlPreview({ html, testId }: { html: string; testId: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="field">
      <button
        type="button"
        className="button"
        onClick={() => {
          setError(null);
          previewHtml(html).then(setShown, (e: unknown) => setError(errorText(t, e)));
        }}
        data-testid={`${testId}-preview`}
      >
        {t('content.preview')}
      </button>
      {error && <span className="form__error">{error}</span>}
      {shown !== null && (
        <iframe
          title={t('content.preview')}
          sandbox=""
          srcDoc={shown}
          style={{ width: '100%', minHeight: 160, border: '1px solid #ccc', background: '#fff' }}
          data-testid={`${testId}-preview-frame`}
        />
      )}
    </div>
  );
}
