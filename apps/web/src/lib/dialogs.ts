import { createStore } from '@app/client';

/** A short message to read (alert) or a question to answer (confirm), shown above everything. */
export type Dialog = {
  id: number;
  kind: 'alert' | 'confirm';
  message: string;
  /** Defaults to the generic prompt title (in_popup_prompt). */
  title?: string;
  confirmLabel?: string;
  answer: (confirmed: boolean) => void;
};

const queue = createStore<readonly Dialog[]>([]);
let lastId = 0;

function show(dialog: Omit<Dialog, 'id' | 'answer'>): Promise<boolean> {
  return new Promise((resolve) => {
    lastId += 1;
    const entry: Dialog = {
      ...dialog,
      id: lastId,
      answer: (confirmed) => {
        queue.set(queue.get().filter((item) => item !== entry));
        resolve(confirmed);
      },
    };
    queue.set([...queue.get(), entry]);
  });
}

type DialogText = { title?: string; confirmLabel?: string };

/** Shows a message with one confirm button; resolves when it is dismissed. */
export async function showAlert(message: string, text: DialogText = {}): Promise<void> {
  await show({ kind: 'alert', message, ...text });
}

/** Asks a question with cancel and confirm; resolves true on confirm. */
export function askConfirm(message: string, text: DialogText = {}): Promise<boolean> {
  return show({ kind: 'confirm', message, ...text });
}

/** The dialog to show now: the oldest one not yet answered. */
export function useCurrentDialog(): Dialog | undefined {
  return queue.use()[0];
}
