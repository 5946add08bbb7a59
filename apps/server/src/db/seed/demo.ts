import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  announcements,
  dropdownMenus,
  banners,
  helpSections,
  merchantDomains,
  merchants,
  merchantSettings,
  registerFieldRules,
  resources,
  whitelabelSwitches,
} from '../schema/index.js';
import { bannerArtUrl, type DemoBanner } from './demo-art.js';
import { HELP_SECTIONS } from './demo-content.js';
import {
  seedDemoCatalogue,
  seedDemoVendorCredentials,
  type DemoVendorSettings,
} from './demo-catalogue.js';
import { runSeedStep } from './run-step.js';
import { seedDepositChannels } from './deposit-channels.js';

export const DEMO_MERCHANT_CODE = 'demo';

type RuleSeed = [
  field: string,
  enabled: boolean,
  required: boolean,
  pattern: string,
  patternId: string,
  min: number,
  max: number,
];

/** Register field rules of the demo merchant, in form order. */
const REGISTER_RULES: RuleSeed[] = [
  ['username', true, true, '[A-Za-z][A-Za-z0-9]*', 'STARTS_WITH_LETTER', 6, 16],
  [
    'password',
    true,
    true,
    '(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[^A-Za-z\\d]).*',
    'STRONG_PASSWORD',
    8,
    32,
  ],
  ['confirmPassword', true, true, '*', 'ANY', 8, 32],
  ['mobileNum', true, false, '9\\d{9}', 'MOBILE', 10, 10],
  ['paymentPassword', false, false, '\\d{6}', 'DIGITS', 6, 6],
  ['verificationCode', true, false, '\\d{6}', 'DIGITS', 6, 6],
  ['payeeName', true, false, '[A-Za-z]+( [A-Za-z]+)+', 'FULL_NAME', 3, 64],
  ['email', true, false, '[^@\\s]+@[^@\\s]+\\.[^@\\s]+', 'EMAIL', 5, 100],
  ['nickname', true, false, '*', 'ANY', 2, 20],
  ['birthday', true, false, '\\d{4}-\\d{2}-\\d{2}', 'DATE_YMD', 10, 10],
  ['recommenderId', true, false, '[A-Za-z0-9]+', 'LETTERS_DIGITS', 4, 16],
  ['affiliateCode', true, false, '[A-Za-z0-9]+', 'LETTERS_DIGITS', 4, 16],
  ['whatsapp', true, false, '\\d+', 'DIGITS', 7, 15],
  ['facebook', true, false, '\\S+', 'NO_SPACES', 3, 50],
  ['telegram', false, false, '\\S+', 'NO_SPACES', 3, 32],
  ['line', false, false, '\\S+', 'NO_SPACES', 3, 32],
  ['wechat', false, false, '\\S+', 'NO_SPACES', 3, 32],
  ['qqNum', false, false, '\\d+', 'DIGITS', 5, 12],
  ['zalo', false, false, '\\d+', 'DIGITS', 9, 12],
  ['idNumber', false, false, '[A-Za-z0-9-]+', 'LETTERS_DIGITS', 6, 20],
  ['address', false, false, '*', 'ANY', 5, 200],
  ['nationality', false, false, '*', 'ANY', 2, 60],
  ['occupation', false, false, '\\d+', 'DIGITS', 1, 2],
  ['sourceOfIncome', false, false, '\\d+', 'DIGITS', 1, 2],
];

const SWITCHES_ON = [
  'CHNGPASSMAIL3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'MANDATORYKYC3',
  'AGENTPOLICY3',
  'PTSYS3',
  'FREEPLAY',
  'PASSWORDEXPIRY',
  'MOBILECODELOGIN',
];
const SWITCHES_OFF = ['CHNGPASSVERIF3', 'FACEBOOKLOGIN', 'GOOGLELOGIN', 'GAMINGVENUE'];

/**
 * The demo has no store app: its app links are the site's own install page (the web app), and its
 * customer service is the site's own page (feedback form, chat apps, answers).
 */
const DEMO_APP_LINKS = { IOS_APP: '/download#ios', ANDROID_APP: '/download#android' } as const;
const DEMO_CUSTOMER_SERVICE_URL = '/support';

/** Demo links; the regulator link is the real one. */
const RESOURCES: [key: string, label: string, url: string][] = [
  ['FACEBOOK', 'Facebook', 'https://www.facebook.com/example'],
  ['WHATSAPP', 'WhatsApp', 'https://wa.me/639170000000'],
  ['TELEGRAM', 'Telegram', 'https://t.me/example'],
  ['INSTAGRAM', 'Instagram', 'https://www.instagram.com/example'],
  ['VIBER', 'Viber', 'viber://chat?number=%2B639170000000'],
  ['IOS_APP', 'iOS app', DEMO_APP_LINKS.IOS_APP],
  ['ANDROID_APP', 'Android app', DEMO_APP_LINKS.ANDROID_APP],
  ['REGULATOR', 'PAGCOR', 'https://www.pagcor.ph'],
];

/** The example.com placeholders the first demo seed wrote, replaced where an operator kept them. */
const PLACEHOLDER_LINKS = {
  IOS_APP: 'https://example.com/app/ios',
  ANDROID_APP: 'https://example.com/app/android',
  customerService: 'https://example.com/support',
} as const;

/**
 * Seeds the demo merchant's platform rows (merchant, catalogue, content, deposit channels); each
 * step runs once per database. The modules' own demo steps and the
 * order of all of them are composed in src/demo.ts. `vendorSim` is where the reference vendor
 * listens and its secret (null: no vendor credentials).
 */
export async function seedDemoPlatform(
  db: Db,
  vendorSim: DemoVendorSettings | null,
): Promise<void> {
  await runSeedStep(db, 'demo-merchant-v1', async (tx) => {
    const [merchant] = await tx
      .insert(merchants)
      .values({ code: DEMO_MERCHANT_CODE, name: 'Demo Casino PH', isDefault: true })
      .returning({ id: merchants.id });
    const merchantId = merchant!.id;
    await tx.insert(merchantSettings).values({
      merchantId,
      defaultLanguage: 'EN',
      maintenanceTitle: { EN: 'Scheduled maintenance', TL: 'Nakatakdang maintenance' },
      maintenanceInfo: {
        EN: 'We are upgrading the platform. Please come back soon.',
        TL: 'Ina-upgrade namin ang platform. Bumalik po kayo mamaya.',
      },
      customerServiceUrl: DEMO_CUSTOMER_SERVICE_URL,
    });
    await tx.insert(merchantDomains).values([
      { merchantId, host: 'localhost', isMain: true, route: '/' },
      { merchantId, host: '127.0.0.1', route: '/' },
      { merchantId, host: 'agent.localhost', route: '/agent' },
    ]);
    await tx
      .insert(whitelabelSwitches)
      .values([
        ...SWITCHES_ON.map((code) => ({ merchantId, code, enabled: true })),
        ...SWITCHES_OFF.map((code) => ({ merchantId, code, enabled: false })),
      ]);
    await tx.insert(registerFieldRules).values(
      REGISTER_RULES.map(
        ([field, enabled, required, acceptedPattern, patternId, minLength, maxLength], i) => ({
          merchantId,
          field,
          enabled,
          required,
          acceptedPattern,
          patternId,
          minLength,
          maxLength,
          sequence: i,
        }),
      ),
    );
    await tx
      .insert(resources)
      .values(RESOURCES.map(([key, labelNameEn, url]) => ({ merchantId, key, labelNameEn, url })));
    await tx.insert(helpSections).values(
      HELP_SECTIONS.flatMap((section, sequence) =>
        (['EN', 'TL'] as const).map((language) => ({
          merchantId,
          key: section.key,
          language,
          title: section.title[language],
          content: section.content[language],
          sequence,
        })),
      ),
    );
  });

  // Databases seeded before the demo had its own pages: the placeholders become those pages,
  // unless an operator changed them meanwhile.
  await runSeedStep(db, 'demo-links-v1', async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, DEMO_MERCHANT_CODE),
    });
    if (!merchant) return;
    for (const key of ['IOS_APP', 'ANDROID_APP'] as const) {
      await tx
        .update(resources)
        .set({ url: DEMO_APP_LINKS[key] })
        .where(
          and(
            eq(resources.merchantId, merchant.id),
            eq(resources.key, key),
            eq(resources.url, PLACEHOLDER_LINKS[key]),
          ),
        );
    }
    await tx
      .update(merchantSettings)
      .set({ customerServiceUrl: DEMO_CUSTOMER_SERVICE_URL })
      .where(
        and(
          eq(merchantSettings.merchantId, merchant.id),
          eq(merchantSettings.customerServiceUrl, PLACEHOLDER_LINKS.customerService),
        ),
      );
  });

  await seedDemoCatalogue(db, DEMO_MERCHANT_CODE);
  await seedDemoVendorCredentials(db, DEMO_MERCHANT_CODE, vendorSim);

  await runSeedStep(db, 'demo-content-v1', async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, DEMO_MERCHANT_CODE),
    });
    if (!merchant) throw new Error('demo merchant missing');
    const merchantId = merchant.id;
    await tx.insert(banners).values(
      (['EN', 'TL'] as const).flatMap((language) => [
        ...[1, 2, 3, 4].map((n) => ({
          merchantId,
          groupName: 'w_home',
          language,
          imageUrl: bannerArtUrl(HOME_BANNERS[n - 1]!, language),
          linkageType: n === 4 ? 'route' : 'category',
          linkage: ['/rng', '/live', '/cockfight', '/promotions'][n - 1] ?? '/',
          sequence: n,
        })),
        {
          merchantId,
          groupName: 'w_login',
          language,
          imageUrl: bannerArtUrl('login', language),
          linkageType: 'none',
          linkage: '',
          sequence: 1,
        },
        {
          merchantId,
          groupName: 'w_forget',
          language,
          imageUrl: bannerArtUrl('forget', language),
          linkageType: 'none',
          linkage: '',
          sequence: 1,
        },
        {
          merchantId,
          groupName: 'w_video',
          language,
          imageUrl: bannerArtUrl('video', language),
          linkageType: 'youtube',
          linkage: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
          sequence: 1,
        },
      ]),
    );
    const notices = [
      {
        type: 'PL',
        title: { EN: 'Welcome to Demo Casino PH', TL: 'Maligayang pagdating sa Demo Casino PH' },
        content: {
          EN: '<p>Play responsibly. Only players 21 and older may register.</p>',
          TL: '<p>Maglaro nang responsable. Ang mga 21 pataas lamang ang maaaring magparehistro.</p>',
        },
      },
      {
        type: 'PU',
        title: { EN: 'Weekly VIP rebate', TL: 'Lingguhang VIP rebate' },
        content: {
          EN: '<p>VIP 4-9 get 5% and VIP 10-20 get 10% weekly rebate.</p>',
          TL: '<p>Ang VIP 4-9 ay may 5% at ang VIP 10-20 ay may 10% lingguhang rebate.</p>',
        },
      },
      {
        type: 'H',
        title: { EN: 'New games every week', TL: 'Bagong laro bawat linggo' },
        content: {
          EN: '<p>Check the hot games row for the latest releases.</p>',
          TL: '<p>Tingnan ang hanay ng mainit na laro para sa pinakabagong labas.</p>',
        },
      },
    ];
    await tx.insert(announcements).values(
      notices.flatMap((notice) =>
        (['EN', 'TL'] as const).map((language) => ({
          merchantId,
          type: notice.type,
          language,
          title: notice.title[language],
          content: notice.content[language],
        })),
      ),
    );
  });

  await runSeedStep(db, 'demo-dropdowns-v1', async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, DEMO_MERCHANT_CODE),
    });
    if (!merchant) throw new Error('demo merchant missing');
    await tx.insert(dropdownMenus).values(
      GAMING_VENUES.map(([code, labelEn, labelTl], sequence) => ({
        merchantId: merchant.id,
        menuGroup: 'gamingvenue',
        code,
        labelEn,
        labelTl,
        sequence,
      })),
    );
  });

  await seedDepositChannels(db, DEMO_MERCHANT_CODE);
}

/** The pictures of the four w_home banners, in their order (slots, live, cockfight, promotions). */
export const HOME_BANNERS: DemoBanner[] = ['slots', 'live', 'sabong', 'promotions'];

/** Regions a player can declare as their gaming venue. */
const GAMING_VENUES: [code: string, en: string, tl: string][] = [
  ['NCR', 'Metro Manila (NCR)', 'Kalakhang Maynila (NCR)'],
  ['CAL', 'Calabarzon', 'Calabarzon'],
  ['CL', 'Central Luzon', 'Gitnang Luzon'],
  ['CV', 'Central Visayas', 'Gitnang Visayas'],
  ['DAV', 'Davao Region', 'Rehiyon ng Davao'],
  ['OTHER', 'Other region', 'Ibang rehiyon'],
];
