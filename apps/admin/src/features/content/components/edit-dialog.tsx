import { fieldIssues } from '@app/client';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { get, useForm, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Dialog, DialogButtons } from '@/components/dialog';
import { requestResolver } from '@/components/request-resolver';
import { errorText, issueText } from '@/lib/error-text';
import { previewHtml } from '../api/content';
import { ErrorMessage } from '@/components/feedback';

/**
 * A form's values by field name, as the inputs edit them. A field's name is its path in the
 * request (`title.EN`), so the schema's and the server's issues land under their field.
 */
export type Draft = FieldValues;

/** What every field of a form takes: the form, its current values and the form's test id. */
export type FieldProps = {
  form: UseFormReturn<Draft>;
  draft: Draft;
  testId: string;
};

type NamedField = FieldProps & { name: string; label: string };

/** A draft value as text ('' when unset). */
export const str = (draft: Draft, key: string) => String(get(draft, key) ?? '');

/** Options shown as their own value. */
export const plain = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value }));

/**
 * One form in a dialog. The request the draft makes is checked with the request's schema before
 * it is sent; the server's issues go under their fields too.
 */
export function EditDialog<Request>({
  title,
  testId,
  initial,
  fields,
  request,
  schema,
  submit,
  onClose,
}: {
  title: string;
  testId: string;
  initial: Draft;
  fields: (p: FieldProps) => ReactNode;
  /** The request of the form's values. */
  request: (draft: Draft) => Request;
  /** The shared schema the server checks the request with. */
  schema: z.ZodType<unknown, Awaited<Request>>;
  submit: (request: Request) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Draft>({
    resolver: requestResolver(request, schema),
    defaultValues: initial,
  });
  const draft = useWatch({ control: form.control });
  const save = useMutation({ mutationFn: submit });
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(request(values), {
      onSuccess: onClose,
      onError: (error) => {
        for (const [path, issue] of Object.entries(fieldIssues(error))) {
          form.setError(path, { message: issue });
        }
      },
    }),
  );

  return (
    <Dialog title={title} onClose={onClose} wide testId={testId}>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {fields({ form, draft, testId })}
        <ErrorMessage text={save.error && errorText(t, save.error)} testId={`${testId}-message`} />
        <div className="form__actions">
          <DialogButtons
            onCancel={onClose}
            label={t('common.save')}
            busy={save.isPending}
            testId={`${testId}-save`}
          />
        </div>
      </form>
    </Dialog>
  );
}

/** The issue of a field, from the schema or the server: `<form>-<name>-error`. */
function FieldIssue({ form, name, testId }: NamedField) {
  const { t } = useTranslation();
  const issue = form.getFieldState(name, form.formState).error?.message;
  if (issue === undefined) return null;
  return (
    <span className="form__error" data-testid={`${testId}-${name}-error`}>
      {issueText(t, issue)}
    </span>
  );
}

export function TextField(p: NamedField & { multiline?: boolean; type?: string }) {
  const input = { ...p.form.register(p.name), 'data-testid': `${p.testId}-${p.name}` };
  return (
    <label className="field">
      <span>{p.label}</span>
      {p.multiline ? (
        <textarea rows={6} {...input} />
      ) : (
        <input type={p.type ?? 'text'} {...input} />
      )}
      <FieldIssue {...p} />
    </label>
  );
}

export function SelectField(p: NamedField & { options: { value: string; label: string }[] }) {
  return (
    <label className="field">
      <span>{p.label}</span>
      <select {...p.form.register(p.name)} data-testid={`${p.testId}-${p.name}`}>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldIssue {...p} />
    </label>
  );
}

export function CheckField({ form, name, label, testId }: NamedField) {
  return (
    <label className="field">
      <span>
        <input type="checkbox" {...form.register(name)} data-testid={`${testId}-${name}`} /> {label}
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
