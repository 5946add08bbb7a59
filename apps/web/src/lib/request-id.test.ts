import { describe, expect, it } from 'vitest';
import { newRequestId, requestIdFor } from './request-id';

describe('requestIdFor', () => {
  let n = 0;
  const make = () => `id-${++n}`;

  it('keeps the id while the form content is the same (double click, retry)', () => {
    const first = requestIdFor(null, 'a', make);
    const again = requestIdFor(first, 'a', make);
    expect(again.id).toBe(first.id);
  });

  it('takes a new id when the content changes, and after a reset', () => {
    const first = requestIdFor(null, 'a', make);
    const changed = requestIdFor(first, 'b', make);
    expect(changed.id).not.toBe(first.id);
    const afterReset = requestIdFor(null, 'b', make);
    expect(afterReset.id).not.toBe(changed.id);
  });

  it('makes ids the server accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
