import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A built front end in a temporary folder: index.html titled `marker` (with `inlineScript` as its
 * one inline script, when given), a hashed asset and an image, as the app's dist folders hold.
 */
export function fakeDist(marker: string, inlineScript?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dir, 'assets'));
  const boot = inlineScript === undefined ? '' : `<script>${inlineScript}</script>`;
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>${marker}</title>${boot}` +
      '<script type="module" src="/assets/app-abc123.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'banner.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
