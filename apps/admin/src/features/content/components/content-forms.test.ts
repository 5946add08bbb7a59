import { describe, expect, it } from 'vitest';
import { imagesOfText, isoOfLocalInput, localInputOf, textOfImages } from './content-forms';

describe('content form helpers', () => {
  it('turns datetime-local text into an instant and back', () => {
    const iso = isoOfLocalInput('2026-03-01T08:30');
    expect(iso).not.toBeNull();
    expect(localInputOf(iso)).toBe('2026-03-01T08:30');
    expect(isoOfLocalInput('')).toBeNull();
    expect(isoOfLocalInput('soon')).toBeNull();
    expect(localInputOf(null)).toBe('');
  });

  it('keeps images in the order of their lines', () => {
    const images = imagesOfText(' /b.png \n\n/a.png');
    expect(images).toEqual([
      { url: '/b.png', sequence: 1 },
      { url: '/a.png', sequence: 2 },
    ]);
    expect(textOfImages([...images].reverse())).toBe('/b.png\n/a.png');
  });
});
