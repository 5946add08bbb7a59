import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApi } from '../src/scripts/write-openapi.js';

describe('docs/openapi.json', () => {
  it('matches the routes (run `npm run openapi` after changing a route)', async () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    expect(await renderOpenApi()).toBe(committed);
  });
});
