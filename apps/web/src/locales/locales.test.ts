import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import sameInTagalog from './same-in-tagalog.json';

/**
 * Every text of the member site exists in English and Tagalog, and a Tagalog text is Tagalog:
 * a value the same as the English one is a missed translation unless the key is listed in
 * same-in-tagalog.json (names of brands, apps, games and government IDs, loanwords Filipino
 * players use as they are such as Username, Password, Email, Slots and Bonus, and formats such as
 * "{{min}} – {{max}}").
 */

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const root = import.meta.dirname;
const read = (dir: string, language: string) =>
  flatten(JSON.parse(readFileSync(join(dir, `${language}.json`), 'utf8')) as Tree);
const namespaces = [
  { name: 'common', dir: root },
  ...readdirSync(root)
    .filter((entry) => statSync(join(root, entry)).isDirectory())
    .map((entry) => ({ name: entry, dir: join(root, entry) })),
];
const allowed = sameInTagalog as Record<string, string[]>;

describe.each(namespaces)('texts of $name', ({ name, dir }) => {
  const en = read(dir, 'en');
  const tl = read(dir, 'tl');

  it('has every key in both languages', () => {
    expect([...tl.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('says every text in Tagalog unless it is the same word there', () => {
    const same = [...en].filter(([key, text]) => tl.get(key) === text).map(([key]) => key);
    expect(same.sort()).toEqual([...(allowed[name] ?? [])].sort());
  });

  it('keeps the placeholders of each English text', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)/g)]
        .map((m) => m[1] ?? '')
        .sort()
        .join(',');
    const differing = [...en]
      .filter(([key, text]) => tl.has(key) && placeholders(text) !== placeholders(tl.get(key)!))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });
});
