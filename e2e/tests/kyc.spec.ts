import { expect, test, type Page } from '@playwright/test';
import {
  acceptDisclaimer,
  operatorDatabaseUrl,
  operatorSql,
  registerByUsername,
  uniqueUsername,
  verifyLater,
  watchConsole,
  revealHomeSections,
} from './support.js';

type Picture = { name: string; mimeType: string; buffer: Buffer };

/** A small real image drawn by the browser's canvas: PNG or JPEG, one colour per image. */
async function picture(page: Page, name: string, colour: string): Promise<Picture> {
  const mimeType = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const dataUrl = await page.evaluate(
    ({ colour, mimeType }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 40;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, 64, 40);
      context.fillStyle = '#ffffff';
      context.fillRect(8, 8, 20, 24);
      return canvas.toDataURL(mimeType);
    },
    { colour, mimeType },
  );
  return { name, mimeType, buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
}

/** yyyy-MM-dd of today moved by whole years (negative: in the past). */
function yearsFromToday(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Registers a new member and starts KYC from the modal that opens after registration. */
async function registerAndStartKyc(page: Page): Promise<void> {
  await registerByUsername(page, { username: uniqueUsername() }, { keepKycOpen: true });
  const kyc = page.getByTestId('kyc-modal');
  await expect(kyc.getByTestId('kyc-step-0')).toBeVisible();
  await kyc.getByTestId('kyc-start').click();
  await expect(kyc.getByTestId('kyc-step-1')).toBeVisible();
}

/** Fills KYC step 1 with a valid person born on `birthday`. */
async function fillPersonalInfo(page: Page, birthday = '1990-05-17'): Promise<void> {
  const kyc = page.getByTestId('kyc-modal');
  await kyc.getByTestId('kyc-idType').selectOption({ label: 'National ID' });
  await kyc.getByTestId('kyc-payeename').fill('Juan Dela Cruz');
  await kyc.getByTestId('kyc-birthday').fill(birthday);
  await kyc.getByTestId('kyc-address').fill('12 Rizal Street, Quezon City');
  await kyc.getByTestId('kyc-permanentAddress').fill('34 Mabini Street, Cebu City');
  await kyc.getByTestId('kyc-placeOfBirth').fill('Cebu City');
  await kyc.getByTestId('kyc-nationality').selectOption('Philippines');
  await kyc.getByTestId('kyc-sourceOfIncome').selectOption({ label: 'Employed' });
  await kyc.getByTestId('kyc-occupation').selectOption({ label: 'Professionals' });
  await kyc.getByTestId('kyc-employerName').fill('Acme Trading Corp');
}

/** Opens the security centre from the avatar menu. */
async function openSecurityCentre(page: Page): Promise<void> {
  await page.getByTestId('header-account').click();
  await page.getByTestId('account-menu-securityCenter').click();
  await expect(page.getByTestId('security-centre')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptDisclaimer(page);
});

test('a new member completes KYC and the security centre shows it pending', async ({ page }) => {
  const errors = watchConsole(page);
  await registerByUsername(page, { username: uniqueUsername() }, { keepKycOpen: true });
  const kyc = page.getByTestId('kyc-modal');

  // The intro lists the three steps, with start and verify later.
  await expect(kyc.getByTestId('kyc-steps').locator('li')).toHaveCount(3);
  await expect(kyc.getByTestId('kyc-verify-later')).toBeVisible();
  await kyc.getByTestId('kyc-start').click();

  // Nothing filled in: the required fields say so and nothing is sent.
  await kyc.getByTestId('kyc-info-submit').click();
  await expect(kyc.getByTestId('kyc-idType-error')).toBeVisible();
  await expect(kyc.getByTestId('kyc-payeename-error')).toBeVisible();
  await expect(kyc.getByTestId('kyc-employerName-error')).toHaveCount(0);

  await fillPersonalInfo(page);
  await expect(kyc.getByTestId('kyc-birthday-warning')).toHaveCount(0);
  await kyc.getByTestId('kyc-info-submit').click();
  await expect(kyc.getByTestId('kyc-step-2')).toBeVisible();

  await kyc
    .getByTestId('kyc-upload-front')
    .setInputFiles(await picture(page, 'front.png', '#1d4ed8'));
  await kyc
    .getByTestId('kyc-upload-back')
    .setInputFiles(await picture(page, 'back.png', '#15803d'));
  await kyc
    .getByTestId('kyc-upload-selfie')
    .setInputFiles(await picture(page, 'selfie.jpg', '#b91c1c'));
  for (const slot of ['front', 'back', 'selfie']) {
    await expect(kyc.getByTestId(`kyc-upload-${slot}-preview`)).toBeVisible();
  }
  await kyc.getByTestId('kyc-upload-submit').click();

  await expect(kyc).toHaveCount(0);
  const done = page.getByTestId('alert-dialog');
  await expect(done).toContainText('Upload successful');
  await page.getByTestId('dialog-confirm').click();

  await openSecurityCentre(page);
  await expect(page.getByTestId('security-kyc-value')).toHaveText('Pending review');
  await expect(page.getByTestId('security-kyc-verify')).toHaveCount(0);

  // Done for this account: the modal does not come back after a reload.
  await page.reload();
  await expect(page.getByTestId('security-kyc-value')).toHaveText('Pending review');
  await expect(page.getByTestId('kyc-modal')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a birthday under 21 years ago is warned about and still saved', async ({ page }) => {
  await registerAndStartKyc(page);
  const kyc = page.getByTestId('kyc-modal');

  await fillPersonalInfo(page, yearsFromToday(1));
  await kyc.getByTestId('kyc-info-submit').click();
  await expect(kyc.getByTestId('kyc-birthday-error')).toContainText('future');
  await expect(kyc.getByTestId('kyc-step-1')).toBeVisible();

  await kyc.getByTestId('kyc-birthday').fill(yearsFromToday(-20));
  await expect(kyc.getByTestId('kyc-birthday-warning')).toHaveText(
    'You must be 21 years of age or older.',
  );
  await kyc.getByTestId('kyc-info-submit').click();

  // The server saved it and says the age rule failed: the member is told, then goes on.
  const warning = page.getByTestId('alert-dialog');
  await expect(warning).toContainText('You must be 21 years of age or older.');
  await page.getByTestId('dialog-confirm').click();
  await expect(kyc.getByTestId('kyc-step-2')).toBeVisible();

  // Going back shows the saved information can be skipped.
  await kyc.getByTestId('kyc-back').click();
  await expect(kyc.getByTestId('kyc-info-saved')).toBeVisible();
  await kyc.getByTestId('kyc-skip-to-upload').click();
  await expect(kyc.getByTestId('kyc-step-2')).toBeVisible();
});

test('the upload names each missing image and refuses other file types', async ({ page }) => {
  await registerAndStartKyc(page);
  const kyc = page.getByTestId('kyc-modal');
  await fillPersonalInfo(page);
  await kyc.getByTestId('kyc-info-submit').click();
  await expect(kyc.getByTestId('kyc-step-2')).toBeVisible();

  await kyc.getByTestId('kyc-upload-submit').click();
  await expect(kyc.getByTestId('kyc-upload-front-error')).toHaveText(
    'Please upload the front of your ID.',
  );
  await expect(kyc.getByTestId('kyc-upload-back-error')).toHaveText(
    'Please upload the back of your ID.',
  );
  await expect(kyc.getByTestId('kyc-upload-selfie-error')).toHaveText(
    'Please upload a selfie holding your ID.',
  );

  // A GIF and a file over 5 MB are refused at once, with no preview.
  await kyc.getByTestId('kyc-upload-front').setInputFiles({
    name: 'front.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'),
  });
  await expect(kyc.getByTestId('kyc-upload-front-error')).toHaveText(
    'Only JPG and PNG images are accepted.',
  );
  await expect(kyc.getByTestId('kyc-upload-front-preview')).toHaveCount(0);
  await kyc.getByTestId('kyc-upload-back').setInputFiles({
    name: 'back.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5_242_881),
  });
  await expect(kyc.getByTestId('kyc-upload-back-error')).toHaveText(
    'Each image must be 5 MB or smaller.',
  );

  // Only the front picked: the other two are still asked for.
  await kyc.getByTestId('kyc-upload-front').setInputFiles(await picture(page, 'front.png', '#444'));
  await expect(kyc.getByTestId('kyc-upload-front-error')).toHaveCount(0);
  await kyc.getByTestId('kyc-upload-submit').click();
  await expect(kyc.getByTestId('kyc-upload-back-error')).toHaveText(
    'Please upload the back of your ID.',
  );
  await expect(kyc.getByTestId('kyc-upload-selfie-error')).toBeVisible();

  // A file named .png that is not a picture passes the browser's check; the server refuses it.
  await kyc.getByTestId('kyc-upload-back').setInputFiles({
    name: 'back.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a picture'),
  });
  await kyc.getByTestId('kyc-upload-selfie').setInputFiles(await picture(page, 'me.jpeg', '#999'));
  await kyc.getByTestId('kyc-upload-submit').click();
  await expect(kyc.getByTestId('kyc-upload-back-error')).toHaveText(
    'Only JPG and PNG images are accepted.',
  );
  await expect(kyc).toBeVisible();
});

test('verify later puts KYC off for the session; the security centre opens it again', async ({
  page,
}) => {
  await registerByUsername(page, { username: uniqueUsername() });
  await page.reload();
  await expect(page.getByTestId('header-account')).toBeVisible();
  await expect(page.getByTestId('kyc-modal')).toHaveCount(0);

  // A member may open a provider (the launch check lets real accounts through).
  await revealHomeSections(page);
  const vendor = page.locator('[data-testid^="home-provider-"]').first();
  await vendor.click();
  await expect(page).toHaveURL(/vassalage=/);

  await openSecurityCentre(page);
  await expect(page.getByTestId('security-kyc-value')).toHaveText('Not verified');
  await page.getByTestId('security-kyc-verify').click();
  const kyc = page.getByTestId('kyc-modal');
  await expect(kyc.getByTestId('kyc-step-0')).toBeVisible();
  await kyc.getByTestId('modal-close').click();
  await expect(kyc).toHaveCount(0);
});

test('a visitor is sent to log in and a trial account gets the real-account dialog', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await revealHomeSections(page);
  const vendor = page.locator('[data-testid^="home-provider-"]').first();
  await vendor.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-modal')).toBeVisible();

  await page.getByTestId('login-free-play').click();
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
  await expect(page.getByTestId('header-account')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Home again: its later rows come in as the trial scrolls to them.
  await revealHomeSections(page);
  await vendor.click();
  const dialog = page.getByTestId('alert-dialog');
  await expect(dialog).toContainText('This needs a real account');
  await page.getByTestId('dialog-confirm').click();
  await expect(page).toHaveURL(/\/$/);

  // The provider filter of a category page is a launch too; "all" is not.
  await page.goto('/rng');
  await page.getByTestId('vendor-PG').click();
  await expect(dialog).toContainText('This needs a real account');
  await page.getByTestId('dialog-confirm').click();
  await expect(page).not.toHaveURL(/vassalage/);

  // A lottery launch link opened directly is turned away as well.
  await page.goto('/lottery?gameCode=TCG_SEA-LOTT-001');
  await expect(dialog).toContainText('This needs a real account');
  await page.getByTestId('dialog-confirm').click();
  await expect(page).toHaveURL(/\/$/);

  // Trial accounts are never asked for KYC.
  await expect(page.getByTestId('kyc-modal')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('operator settings', { tag: '@global' }, () => {
  test.skip(!operatorDatabaseUrl, 'needs the journeys on PostgreSQL (TEST_DATABASE_URL)');
  test.afterEach(async () => {
    await operatorSql(`update whitelabel_switches set enabled = false where code = 'GAMINGVENUE'`);
  });

  test('with the gaming venue on, a new session declares its region before KYC', async ({
    page,
  }) => {
    await operatorSql(`update whitelabel_switches set enabled = true where code = 'GAMINGVENUE'`);
    await page.reload();
    await registerByUsername(page, { username: uniqueUsername() }, { keepKycOpen: true });

    const venue = page.getByTestId('gaming-venue-modal');
    await expect(venue).toBeVisible();
    await expect(page.getByTestId('kyc-modal')).toHaveCount(0);
    // It has to be answered: no close button, Escape does nothing.
    await expect(venue.getByTestId('modal-close')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(venue).toBeVisible();

    await venue.getByTestId('gaming-venue-submit').click();
    await expect(venue.getByTestId('gaming-venue-message')).toContainText('choose your region');
    await venue.getByText('Central Visayas').click();
    await venue.getByTestId('gaming-venue-submit').click();
    await expect(venue).toHaveCount(0);

    // Then the KYC prompt; after it, neither comes back in this session.
    await verifyLater(page);
    await page.reload();
    await expect(page.getByTestId('header-account')).toBeVisible();
    await expect(page.getByTestId('gaming-venue-modal')).toHaveCount(0);
    await expect(page.getByTestId('kyc-modal')).toHaveCount(0);
  });
});
