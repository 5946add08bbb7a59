import i18n, { type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

// One `t` per namespace and language, shared by every component that asks for it. react-i18next's
// useTranslation copies the i18next instance's properties for each component that mounts (two
// copies for a list card, 80 for a page of 20 cards and their counts: about a tenth of a category
// page's render in a CPU profile); the namespaces read here are bundled with their code, so
// nothing is ever loaded or waited for, and what re-renders a component is the same as there: a
// change of language.
const shared = new Map<string, { language: string; t: TFunction }>();

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/** `t` of a namespace in the language shown now: the same function until the language changes. */
export function namespaceT(namespace: string): TFunction {
  const current = shared.get(namespace);
  if (current?.language === i18n.language) return current.t;
  // Typed as the main namespace, as useTranslation's is; callers type their own keys.
  const t = i18n.getFixedT(i18n.language, namespace as 'translation');
  shared.set(namespace, { language: i18n.language, t });
  return t;
}

const readers = new Map<string, () => TFunction>();

/** `t` of a bundled namespace in the language shown; the component re-renders when it changes. */
export function useNamespaceT(namespace = 'translation'): TFunction {
  let read = readers.get(namespace);
  if (!read) {
    read = () => namespaceT(namespace);
    readers.set(namespace, read);
  }
  return useSyncExternalStore(subscribe, read);
}
