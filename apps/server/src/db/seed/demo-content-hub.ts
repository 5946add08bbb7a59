import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  announcements,
  banners,
  platformMessageRecipients,
  platformMessages,
  sportsHotMatches,
} from '../schema/index.js';
import { bannerArtUrl, teamCrestUrl, type DemoBanner } from './demo-art.js';
import { runSeedStep } from './run-step.js';

const LANGUAGES = ['EN', 'TL'] as const;
const HOUR = 3_600_000;

/** The sports vendor's hot matches of the demo: [league, home team, away team]. */
export const DEMO_HOT_MATCHES: readonly [string, string, string][] = [
  ['Premier League', 'Manchester Reds', 'London Blues'],
  ['PBA Governors Cup', 'Manila Kings', 'Cebu Sharks'],
  ['NBA', 'Los Angeles Stars', 'Boston Clovers'],
  ['UEFA Champions League', 'Madrid Whites', 'Munich Reds'],
];

/** The demo member whose inbox gets personal messages. */
export const DEMO_INBOX_MEMBER = 'demoplayer1';

/**
 * Demo content of issue 6, a seed step of its own (the earlier content step stays as it was):
 * banners with every linkage type, announcements of every type for visitors and members, a popup
 * for visitors (execution B) and one for members (A), both hidden until an operator shows them, notices for W and A, the sports vendor's
 * hot matches and inbox messages for the demo member.
 */
export async function seedDemoContentHub(db: Db, merchantCode: string): Promise<void> {
  await runSeedStep(db, `demo-content-hub-v1-${merchantCode}`, async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, merchantCode),
    });
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    const merchantId = merchant.id;
    const now = Date.now();

    await tx.insert(banners).values(
      LANGUAGES.flatMap((language) => [
        {
          merchantId,
          groupName: 'w_home',
          language,
          title: 'Lucky slot',
          imageUrl: bannerArtUrl('slots', language),
          linkageType: 'game',
          linkage: '',
          sequence: 5,
        },
        {
          merchantId,
          groupName: 'w_home',
          language,
          title: 'Responsible gaming',
          imageUrl: bannerArtUrl('responsible', language),
          linkageType: 'url',
          linkage: 'https://www.pagcor.ph/',
          sequence: 6,
        },
        {
          merchantId,
          groupName: 'w_video',
          language,
          title: 'Highlights',
          imageUrl: bannerArtUrl('video', language),
          linkageType: 'url',
          linkage: 'https://www.youtube.com/watch?v=ScMzIvxBSi4',
          sequence: 2,
        },
      ]),
    );
    // The game banner opens the first hot slot of the catalogue, when there is one.
    const hot = await tx.query.games.findFirst({
      where: (g, { and, eq }) => and(eq(g.merchantId, merchantId), eq(g.gameType, 'RNG')),
      orderBy: (g, { asc }) => [asc(g.id)],
    });
    if (hot) {
      await tx
        .update(banners)
        .set({ linkage: String(hot.id) })
        .where(and(eq(banners.merchantId, merchantId), eq(banners.linkageType, 'game')));
    } else {
      await tx
        .update(banners)
        .set({ linkageType: 'route', linkage: '/rng' })
        .where(and(eq(banners.merchantId, merchantId), eq(banners.linkageType, 'game')));
    }

    type Item = {
      kind: 'ANNOUNCEMENT' | 'NOTICE' | 'POPUP';
      type: string;
      platform?: string;
      execution: string;
      title: { EN: string; TL: string };
      content: { EN: string; TL: string };
      images?: { banner: DemoBanner; sequence: number }[];
    };
    const items: Item[] = [
      {
        kind: 'ANNOUNCEMENT',
        type: 'B',
        execution: 'B',
        title: { EN: 'Deposit with GCash and Maya', TL: 'Magdeposito gamit ang GCash at Maya' },
        content: {
          EN: '<p>Deposits through <strong>GCash</strong> and <strong>Maya</strong> are credited within minutes.</p>',
          TL: '<p>Ang deposito sa <strong>GCash</strong> at <strong>Maya</strong> ay papasok sa loob ng ilang minuto.</p>',
        },
        images: [
          { banner: 'live', sequence: 2 },
          { banner: 'slots', sequence: 1 },
        ],
      },
      {
        kind: 'ANNOUNCEMENT',
        type: 'PR',
        execution: 'B',
        title: { EN: 'Refer a friend', TL: 'Mag-refer ng kaibigan' },
        content: {
          EN: '<p>Share your referral link and earn rewards when friends play.</p>',
          TL: '<p>Ibahagi ang iyong referral link at kumita kapag naglaro ang mga kaibigan.</p>',
        },
      },
      {
        kind: 'ANNOUNCEMENT',
        type: 'PL',
        execution: 'A',
        title: {
          EN: 'Members: new withdrawal hours',
          TL: 'Mga miyembro: bagong oras ng pag-withdraw',
        },
        content: {
          EN: '<p>Withdrawals are processed around the clock, every day.</p>',
          TL: '<p>Pinoproseso ang mga withdrawal buong araw, araw-araw.</p>',
        },
      },
      {
        kind: 'NOTICE',
        type: 'PL',
        platform: 'W',
        execution: 'B',
        title: {
          EN: 'Scheduled maintenance every Tuesday 03:00-04:00',
          TL: 'Nakatakdang maintenance tuwing Martes 03:00-04:00',
        },
        content: {
          EN: '<p>Some games may be unavailable during maintenance.</p>',
          TL: '<p>Maaaring hindi magamit ang ilang laro habang may maintenance.</p>',
        },
      },
      {
        kind: 'NOTICE',
        type: 'PL',
        platform: 'W',
        execution: 'B',
        title: {
          EN: 'Only players 21 and older may play',
          TL: 'Ang mga 21 pataas lamang ang maaaring maglaro',
        },
        content: { EN: '<p>Play responsibly.</p>', TL: '<p>Maglaro nang responsable.</p>' },
      },
      {
        kind: 'NOTICE',
        type: 'PL',
        platform: 'A',
        execution: 'B',
        title: { EN: 'Get the app for faster play', TL: 'I-download ang app' },
        content: {
          EN: '<p>Install the app from the download page.</p>',
          TL: '<p>I-install mula sa download page.</p>',
        },
      },
      {
        kind: 'POPUP',
        type: 'PU',
        execution: 'B',
        title: { EN: 'Welcome, visitor!', TL: 'Maligayang pagdating!' },
        content: {
          EN: '<p>Register now and claim your welcome bonus.</p>',
          TL: '<p>Magparehistro na at kunin ang iyong welcome bonus.</p>',
        },
      },
      {
        kind: 'POPUP',
        type: 'PU',
        execution: 'A',
        title: { EN: 'Good luck today', TL: 'Suwertehin ka ngayon' },
        content: {
          EN: '<p>Check the promotions page for today\u2019s offers.</p>',
          TL: '<p>Tingnan ang promotions para sa mga alok ngayon.</p>',
        },
      },
    ];
    await tx.insert(announcements).values(
      items.flatMap((item) =>
        LANGUAGES.map((language) => ({
          merchantId,
          kind: item.kind,
          type: item.type,
          platform: item.platform ?? 'W',
          execution: item.execution,
          language,
          title: item.title[language],
          content: item.content[language],
          images: (item.images ?? []).map(({ banner, sequence }) => ({
            url: bannerArtUrl(banner, language),
            sequence,
          })),
          // Seeded popups start hidden: shown on "/" they would cover every e2e journey. An
          // operator turns them on in the back office (Content, Popups).
          enabled: item.kind !== 'POPUP',
        })),
      ),
    );

    const teams = DEMO_HOT_MATCHES;
    await tx.insert(sportsHotMatches).values(
      teams.map(([league, home, away], i) => ({
        merchantId,
        vendorCode: 'SABA',
        title: { EN: league, TL: league },
        homeTeam: home,
        awayTeam: away,
        homeTeamImageUrl: teamCrestUrl(home),
        awayTeamImageUrl: teamCrestUrl(away),
        matchTime: new Date(now + (i + 1) * 26 * HOUR),
        sequence: i,
      })),
    );
    // A later season: the row keeps showing matches on a demo that runs for weeks.
    await tx.insert(sportsHotMatches).values(
      teams.map(([league, home, away], i) => ({
        merchantId,
        vendorCode: 'SABA',
        title: { EN: league, TL: league },
        homeTeam: away,
        awayTeam: home,
        homeTeamImageUrl: teamCrestUrl(away),
        awayTeamImageUrl: teamCrestUrl(home),
        matchTime: new Date(now + (30 + i * 7) * 24 * HOUR),
        sequence: 10 + i,
      })),
    );

    const [broadcast] = await tx
      .insert(platformMessages)
      .values({
        merchantId,
        target: 'all',
        title: { EN: 'Welcome to Demo Casino PH', TL: 'Maligayang pagdating sa Demo Casino PH' },
        content: {
          EN: '<p>Thank you for joining. Your messages from us appear here.</p>',
          TL: '<p>Salamat sa pagsali. Dito lalabas ang aming mga mensahe.</p>',
        },
      })
      .returning({ id: platformMessages.id });
    const member = await tx.query.members.findFirst({
      where: (m, { and, eq }) =>
        and(eq(m.merchantId, merchantId), eq(m.username, DEMO_INBOX_MEMBER)),
    });
    if (member && broadcast) {
      const personal = await tx
        .insert(platformMessages)
        .values([
          {
            merchantId,
            target: 'member',
            title: { EN: 'Your welcome bonus is ready', TL: 'Handa na ang iyong welcome bonus' },
            content: {
              EN: '<p>A welcome bonus of <strong>₱100.00</strong> was added. Play it through to withdraw.</p>',
              TL: '<p>Naidagdag ang welcome bonus na <strong>₱100.00</strong>. Laruin ito bago mag-withdraw.</p>',
            },
          },
          {
            merchantId,
            target: 'member',
            title: { EN: 'Verify your account', TL: 'I-verify ang iyong account' },
            content: {
              EN: '<p>Complete KYC in the security centre to unlock withdrawals.</p>',
              TL: '<p>Kumpletuhin ang KYC sa security centre para makapag-withdraw.</p>',
            },
          },
        ])
        .returning({ id: platformMessages.id });
      await tx
        .insert(platformMessageRecipients)
        .values(personal.map((p) => ({ messageId: p.id, memberId: member.id })));
    }
  });
}

/** The pictures of the first demo content (earlier SVG placeholders) by their old path. */
const PLACEHOLDER_BANNERS: Record<string, DemoBanner> = {
  '/demo/banner-home-1.svg': 'slots',
  '/demo/banner-home-2.svg': 'live',
  '/demo/banner-home-3.svg': 'sabong',
  '/demo/banner-home-4.svg': 'promotions',
  '/demo/banner-login.svg': 'login',
  '/demo/banner-forget.svg': 'forget',
};

/**
 * Brings a database seeded before the drawn artwork to it: banners and announcement images on
 * the old placeholders or without a picture (w_video) get the banner drawn for their language,
 * hot matches without team pictures get their crests. A picture an operator chose is kept.
 */
export async function seedDemoContentArt(db: Db, merchantCode: string): Promise<void> {
  await runSeedStep(db, `demo-content-art-v1-${merchantCode}`, async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, merchantCode),
    });
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    const merchantId = merchant.id;
    const language = (value: string) => (value === 'TL' ? 'TL' : 'EN');

    const rows = await tx.query.banners.findMany({
      where: (b, { eq }) => eq(b.merchantId, merchantId),
    });
    for (const row of rows) {
      const banner: DemoBanner | undefined =
        row.title === 'Responsible gaming' && row.imageUrl === '/demo/banner-home-4.svg'
          ? 'responsible'
          : row.groupName === 'w_video' && row.imageUrl === ''
            ? 'video'
            : PLACEHOLDER_BANNERS[row.imageUrl];
      if (!banner) continue;
      await tx
        .update(banners)
        .set({ imageUrl: bannerArtUrl(banner, language(row.language)) })
        .where(eq(banners.id, row.id));
    }

    const notices = await tx.query.announcements.findMany({
      where: (a, { eq }) => eq(a.merchantId, merchantId),
    });
    for (const row of notices) {
      if (!row.images.some((image) => image.url in PLACEHOLDER_BANNERS)) continue;
      const images = row.images.map((image) => {
        const banner = PLACEHOLDER_BANNERS[image.url];
        return banner ? { ...image, url: bannerArtUrl(banner, language(row.language)) } : image;
      });
      await tx.update(announcements).set({ images }).where(eq(announcements.id, row.id));
    }

    const matches = await tx.query.sportsHotMatches.findMany({
      where: (m, { eq }) => eq(m.merchantId, merchantId),
    });
    // Only the demo's own teams have a crest drawn.
    const teams = new Set(DEMO_HOT_MATCHES.flatMap(([, home, away]) => [home, away]));
    const crest = (url: string, team: string) => url || (teams.has(team) ? teamCrestUrl(team) : '');
    for (const match of matches) {
      await tx
        .update(sportsHotMatches)
        .set({
          homeTeamImageUrl: crest(match.homeTeamImageUrl, match.homeTeam),
          awayTeamImageUrl: crest(match.awayTeamImageUrl, match.awayTeam),
        })
        .where(eq(sportsHotMatches.id, match.id));
    }
  });
}
