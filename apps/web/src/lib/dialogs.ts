import { createStore } from '@app/client';

/**
 * How a dialog was answered: its main button (OK of an information, confirm of a question),
 * cancel or closed, or the information's extra action (e.g. "Register" of a trial refusal).
 */
export type DialogAnswer = 'confirm' | 'cancel' | 'action';

/**
 * A message to read (an information: its own title, one OK button, maybe one extra action) or a
 * question to answer (a confirmation: "Please confirm", cancel and confirm), above everything.
 */
export type Dialog = {
  id: number;
  kind: 'alert' | 'confirm';
  message: string;
  /** Defaults to "Notice" for an information and "Please confirm" for a question. */
  title?: string;
  confirmLabel?: string;
  /** An information's second button: a link that answers 'action' and then follows `to`. */
  action?: { label: string; to: string };
  answer: (answer: DialogAnswer) => void;
};

const queue = createStore<readonly Dialog[]>([]);
let lastId = 0;

function show(dialog: Omit<Dialog, 'id' | 'answer'>): Promise<DialogAnswer> {
  return new Promise((resolve) => {
    lastId += 1;
    const entry: Dialog = {
      ...dialog,
      id: lastId,
      answer: (answer) => {
        queue.set(queue.get().filter((item) => item !== entry));
        resolve(answer);
      },
    };
    queue.set([...queue.get(), entry]);
  });
}

type DialogText = { title?: string; confirmLabel?: string };

/** Shows an information with one OK button; resolves when it is dismissed. */
export async function showAlert(message: string, text: DialogText = {}): Promise<void> {
  await show({ kind: 'alert', message, ...text });
}

/**
 * Shows an information with OK and one extra action (a link); resolves 'action' when the action
 * was taken, just before its link is followed.
 */
export function showInfoWithAction(
  message: string,
  text: DialogText & { action: { label: string; to: string } },
): Promise<DialogAnswer> {
  return show({ kind: 'alert', message, ...text });
}

/** Asks a question with cancel and confirm; resolves true on confirm. */
export async function askConfirm(message: string, text: DialogText = {}): Promise<boolean> {
  return (await show({ kind: 'confirm', message, ...text })) === 'confirm';
}

/** The dialog to show now: the oldest one not yet answered. */
export function useCurrentDialog(): Dialog | undefined {
  return queue.use()[0];
}
