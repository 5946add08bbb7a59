// react-i18next imports useSyncExternalStore from the `use-sync-external-store/shim` package,
// whose fallback is for React 17 and older; React 19 has it (vite.config.ts aliases the shim here).
export { useSyncExternalStore } from 'react';
