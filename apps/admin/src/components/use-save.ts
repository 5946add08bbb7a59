import { fieldIssues } from '@app/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import type { FeedbackMessage } from './feedback';

/**
 * Runs a save of a settings form or row through a mutation and turns its outcome into the
 * message under it (`savedText`, or the error) and the issues of its fields.
 */
export function useSave(
  savedText: string,
  /** Called with the server's field issues, to show them on a form's own fields. */
  onIssues?: (issues: Record<string, string>) => void,
) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<FeedbackMessage>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const mutation = useMutation({ mutationFn: (work: () => Promise<unknown>) => work() });
  async function run(work: () => Promise<unknown>): Promise<boolean> {
    setMessage(null);
    setIssues({});
    try {
      await mutation.mutateAsync(work);
      setMessage({ text: savedText, ok: true });
      return true;
    } catch (error) {
      const issues = fieldIssues(error);
      setIssues(issues);
      onIssues?.(issues);
      setMessage({ text: errorText(t, error), ok: false });
      return false;
    }
  }
  return { message, issues, busy: mutation.isPending, run };
}

/**
 * useSave for a react-hook-form form: the server's field issues land on the form's fields
 * (by default their path is the field's name, `title.EN`), beside the schema's own.
 */
export function useFormSave<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  savedText: string,
  /** The form's field of a request path, when the form's fields are not the request's. */
  fieldOf: (path: string) => Path<Values> | `root.${string}` = (path) => path as Path<Values>,
) {
  return useSave(savedText, (issues) => {
    for (const [path, issue] of Object.entries(issues)) {
      form.setError(fieldOf(path), { message: issue });
    }
  });
}
