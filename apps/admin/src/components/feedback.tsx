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
