import { describe, expect, it } from 'vitest';
import { imagesOfText, isoOfLocalInput, localInputOf, textOfImages } from './content-forms';

describe('content form helpers', () => {
  it("turns datetime-local text on the merchant's wall clock into an instant and back", () => {
    const iso = isoOfLocalInput('2026-03-01T08:30', 'Asia/Manila');
    expect(iso).toBe('2026-03-01T00:30:00.000Z');
    expect(localInputOf(iso, 'Asia/Manila')).toBe('2026-03-01T08:30');
    // The same text in New York, before and after its spring change (EST, then EDT).
    expect(isoOfLocalInput('2026-03-07T08:30', 'America/New_York')).toBe(
      '2026-03-07T13:30:00.000Z',
    );
    expect(isoOfLocalInput('2026-03-09T08:30', 'America/New_York')).toBe(
      '2026-03-09T12:30:00.000Z',
    );
    expect(localInputOf('2026-03-09T12:30:00.000Z', 'America/New_York')).toBe('2026-03-09T08:30');
    expect(isoOfLocalInput('', 'Asia/Manila')).toBeNull();
    expect(isoOfLocalInput('soon', 'Asia/Manila')).toBeNull();
    expect(localInputOf(null, 'Asia/Manila')).toBe('');
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
