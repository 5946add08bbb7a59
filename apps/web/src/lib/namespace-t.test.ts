import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { namespaceT } from './namespace-t';

// The test's own keys, not the app's typed ones.
type LooseT = (key: string, options?: Record<string, unknown>) => string;
const text = (namespace: string) => namespaceT(namespace) as unknown as LooseT;

beforeAll(async () => {
  await i18n.init({
    resources: {
      en: { translation: { hello: 'Hello' }, games: { play: 'Play {{name}}' } },
      tl: { translation: { hello: 'Kumusta' }, games: { play: 'Laruin ang {{name}}' } },
    },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

describe('namespaceT', () => {
  it('gives every component the same t of a namespace until the language changes', async () => {
    const games = namespaceT('games');
    expect(namespaceT('games')).toBe(games);
    expect(text('games')('play', { name: 'Fortune' })).toBe('Play Fortune');
    expect(text('translation')('hello')).toBe('Hello');

    await i18n.changeLanguage('tl');
    const tagalog = namespaceT('games');
    expect(tagalog).not.toBe(games);
    expect(text('games')('play', { name: 'Fortune' })).toBe('Laruin ang Fortune');
    expect(text('translation')('hello')).toBe('Kumusta');
    await i18n.changeLanguage('en');
  });
});
