import { describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format-time';
import {
  bannersPerView,
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_SPEED_MS,
  carouselLoops,
  carouselMoves,
  HOME_ITEMS_PER_VIEW,
  showsHotMatchArrows,
  stepIndex,
  WINNERS_PER_VIEW,
  winnerStyle,
} from './carousel-rules';
import { bannersOf, bannerTarget } from './banner-rules';
import { popupMatches, popupsToShow } from './popup-rules';
import { youTubeEmbedUrl, youTubeVideoId } from './youtube';

describe('carousel rules (SPEC section 9)', () => {
  it('uses the spec timings and item counts', () => {
    expect(CAROUSEL_AUTOPLAY_MS).toBe(5000);
    expect(CAROUSEL_SPEED_MS).toBe(1000);
    expect(HOME_ITEMS_PER_VIEW).toBe(6.5);
    expect(WINNERS_PER_VIEW).toBe(7.2);
  });

  it('shows 3 banners per view, 1 on the LIVE and SPORTS pages', () => {
    expect(bannersPerView()).toBe(3);
    expect(bannersPerView('RNG')).toBe(3);
    expect(bannersPerView('LIVE')).toBe(1);
    expect(bannersPerView('SPORTS')).toBe(1);
  });

  it('loops only with more than 3 slides', () => {
    expect(carouselLoops(3)).toBe(false);
    expect(carouselLoops(4)).toBe(true);
    // 4 banners, 1 per view: 0 -> 1 -> 2 -> 3 -> back to 0, and backwards from 0 to 3.
    expect([0, 1, 2, 3].map((i) => stepIndex(i, 4, 1, 1))).toEqual([1, 2, 3, 0]);
    expect(stepIndex(0, 4, 1, -1)).toBe(3);
  });

  it('stops at its ends without looping', () => {
    expect(stepIndex(2, 3, 1, 1)).toBe(2);
    expect(stepIndex(0, 3, 1, -1)).toBe(0);
    expect(stepIndex(0, 3, 1, 1)).toBe(1);
  });

  it('moves only when some slides are out of view', () => {
    expect(carouselMoves(3, 3)).toBe(false);
    expect(carouselMoves(4, 3)).toBe(true);
    // 8 winners with 7.2 in view: one step shows the rest.
    expect(stepIndex(0, 8, WINNERS_PER_VIEW, 1)).toBe(1);
    expect(stepIndex(1, 8, WINNERS_PER_VIEW, 1)).toBe(0);
  });

  it('shows hot-match arrows above 3 matches and cycles winner styles by 9', () => {
    expect(showsHotMatchArrows(3)).toBe(false);
    expect(showsHotMatchArrows(4)).toBe(true);
    expect([0, 1, 8, 9, 17].map(winnerStyle)).toEqual([1, 2, 9, 1, 9]);
  });
});

describe('popup filtering (SPEC section 4)', () => {
  const popups = [
    { id: 1, execution: 'A' },
    { id: 2, execution: 'B' },
    { id: 3, execution: 'F' },
  ];
  const visitor = { loggedIn: false, firstLogin: false };
  const member = { loggedIn: true, firstLogin: false };
  const newMember = { loggedIn: true, firstLogin: true };

  it('shows B to visitors, A to members and F on a first login', () => {
    expect(popupsToShow(popups, visitor, new Set()).map((p) => p.id)).toEqual([2]);
    expect(popupsToShow(popups, member, new Set()).map((p) => p.id)).toEqual([1]);
    expect(popupsToShow(popups, newMember, new Set()).map((p) => p.id)).toEqual([1, 3]);
    expect(popupMatches('X', member)).toBe(false);
  });

  it('keeps popups closed per viewer kind', () => {
    expect(popupsToShow(popups, visitor, new Set(['visitor']))).toEqual([]);
    expect(popupsToShow(popups, member, new Set(['visitor'])).map((p) => p.id)).toEqual([1]);
  });
});

describe('video links (SPEC section 8)', () => {
  it('reads the id of YouTube links', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(youTubeVideoId(link)).toBe('dQw4w9WgXcQ');
    }
    expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });

  it('refuses every other link', () => {
    for (const link of [
      'https://vimeo.com/123456',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=<script>',
      'not a url',
      '',
    ]) {
      expect(youTubeVideoId(link)).toBeNull();
    }
  });
});

describe('announcement time (SPEC section 9)', () => {
  it('reads yyyy-MM-dd hh:mm:ss', () => {
    expect(formatTime(new Date(2026, 0, 5, 7, 8, 9).toISOString())).toBe('2026-01-05 07:08:09');
    expect(formatTime(new Date(2026, 11, 31, 23, 59, 0).toISOString())).toBe('2026-12-31 23:59:00');
  });
});

describe('banner targets (SPEC section 3, linkage types)', () => {
  it('leads to routes, games, promotions and external URLs', () => {
    expect(bannerTarget({ linkageType: 'route', linkage: '/vip' })).toEqual({
      kind: 'route',
      to: '/vip',
      launchesGame: false,
    });
    expect(bannerTarget({ linkageType: 'game', linkage: '42' })).toEqual({
      kind: 'route',
      to: '/seamless?nodeId=42',
      launchesGame: true,
    });
    expect(bannerTarget({ linkageType: 'promotion', linkage: 'WELCOME' })).toMatchObject({
      to: '/promotions?id=WELCOME',
    });
    expect(bannerTarget({ linkageType: 'url', linkage: 'https://example.com/a' })).toEqual({
      kind: 'external',
      href: 'https://example.com/a',
    });
  });

  it('leads nowhere with a bad linkage', () => {
    for (const [linkageType, linkage] of [
      ['route', '//evil.example'],
      ['route', 'https://evil.example'],
      ['game', 'abc'],
      ['url', 'javascript:alert(1)'],
      ['url', 'data:text/html,x'],
      ['promotion', ''],
      ['none', '/vip'],
    ] as const) {
      expect(bannerTarget({ linkageType, linkage })).toEqual({ kind: 'none' });
    }
  });

  it('orders a group by sequence', () => {
    const banner = (id: number, groupName: 'w_home' | 'w_video', sequence: number) => ({
      id,
      groupName,
      sequence,
      url: '',
      linkageType: 'none' as const,
      linkage: '',
      language: 'EN' as const,
    });
    const all = [banner(1, 'w_home', 3), banner(2, 'w_video', 1), banner(3, 'w_home', 1)];
    expect(bannersOf(all, 'w_home').map((b) => b.id)).toEqual([3, 1]);
  });
});
