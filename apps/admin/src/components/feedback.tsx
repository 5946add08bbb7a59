/** The outcome of a form's last save: a status line, or an alert when it failed. */
export type FeedbackMessage = { text: string; ok: boolean } | null;

export function Feedback({ message, testId }: { message: FeedbackMessage; testId: string }) {
  if (!message) return null;
  return (
    <p
      className={message.ok ? 'notice' : 'form__error'}
      role={message.ok ? 'status' : 'alert'}
      data-testid={testId}
    >
      {message.text}
    </p>
  );
}

/** Why the last attempt failed, as an alert; nothing while there is nothing to say. */
export function ErrorMessage({ text, testId }: { text?: string | null; testId?: string }) {
  if (!text) return null;
  return (
    <p className="form__error" role="alert" data-testid={testId}>
      {text}
    </p>
  );
}
