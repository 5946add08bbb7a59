import { createStore } from '@app/client';

// Chrome on Android offers to install the site (manifest.webmanifest and sw.js) through a
// `beforeinstallprompt` event that fires once, early: main.tsx listens from the start and the
// install page shows its button while the offer stands.

/** The part of Chrome's BeforeInstallPromptEvent the page uses (not in the DOM typings). */
type InstallPromptEvent = Event & { prompt: () => Promise<unknown> };

const offer = createStore<InstallPromptEvent | null>(null);

/** Keeps the browser's install offer for the install page; call once at start-up. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The page offers it with its own button instead of the browser's mini bar.
    event.preventDefault();
    offer.set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => offer.set(null));
}

/** The install offer while the browser makes one, and the function that shows its dialog. */
export function useInstallPrompt(): (() => void) | null {
  const event = offer.use();
  if (!event) return null;
  return () => {
    offer.set(null);
    void event.prompt();
  };
}
