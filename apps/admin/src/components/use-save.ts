import { fieldIssues } from '@app/client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import type { FeedbackMessage } from './feedback';

/**
 * Runs a save of a settings form or row through a mutation and turns its outcome into the
 * message under it (`savedText`, or the error) and the issues of its fields.
 */
export function useSave(savedText: string) {
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
      setIssues(fieldIssues(error));
      setMessage({ text: errorText(t, error), ok: false });
      return false;
    }
  }
  return { message, issues, busy: mutation.isPending, run };
}
