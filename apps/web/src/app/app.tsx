import { AppProvider } from './provider';
import { RootView } from './root-view';

export function App() {
  return (
    <AppProvider>
      <RootView />
    </AppProvider>
  );
}
