// The peer of the platform's pages in bench/lighthouse (issue 20): the same libraries a page of
// the member site starts with (React, React Router, TanStack Query, i18next) rendering a list of
// 30 items from a query, and nothing else. What the platform's page costs beyond this is its own
// work.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';

const ITEMS = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Game ${i + 1}` }));

void i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: { title: 'Games', item: 'Play {{name}}' } } },
  interpolation: { escapeValue: false },
});

function Games() {
  const { t } = useTranslation();
  const games = useQuery({ queryKey: ['games'], queryFn: () => Promise.resolve(ITEMS) });
  return (
    <main>
      <h1>{t('title')}</h1>
      <ul>
        {games.data?.map((game) => (
          <li key={game.id}>{t('item', { name: game.name })}</li>
        ))}
      </ul>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Games /> }]);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
