import '@/styles/global.css';
// First: i18next is set up before any module that translates is evaluated.
import { loadLanguage, storedLanguage } from '@/lib/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { listenForInstallPrompt } from '@/lib/install-prompt';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A visitor who chose Tagalog gets its texts before the first paint, not English first.
// The first render is a transition: React renders it in slices instead of one long task.
void loadLanguage(storedLanguage() ?? 'EN').finally(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});

// The installable web app (SPEC section 1: apps are offered); its worker never caches the API.
listenForInstallPrompt();
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
