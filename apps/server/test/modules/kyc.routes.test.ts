import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  kycDocuments,
  kycProfiles,
  restrictedPersons,
  sessions,
  whitelabelSwitches,
} from '../../src/db/schema/index.js';
import { testDatabases } from '../support/databases.js';
import { KYC_INFO_REQUEST } from '../support/kyc.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe.each(testDatabases)('KYC on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;
  let jpegWithGps: string;
  let png: string;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
    const photo = sharp({
      create: { width: 640, height: 400, channels: 3, background: '#d8c9a0' },
    });
    jpegWithGps = dataUrl(
      'image/jpeg',
      await photo
        .clone()
        .jpeg()
        .withMetadata({
          exif: { IFD0: { Artist: 'secret-owner', Copyright: 'gps 14.5995,120.9842' } },
        })
        .toBuffer(),
    );
    png = dataUrl('image/png', await photo.clone().png().toBuffer());
  });
  afterAll(() => closeTestApp(app, database));

  const call = (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers: api.headers(token), ...(payload ? { payload } : {}) });
  const upload = (token: string, data: Record<string, string>) =>
    call('POST', '/wps/relay/identity/uploadIdImage', token, { data, moduleId: 'UPLOADID3' });
  const securityConfig = async (token: string) =>
    (await call('GET', '/wps/v2/member/securityConfig', token)).json().value.info.idVerification;

  it('walks the three steps: info, then three images, then waits for an operator (N)', async () => {
    const { token, user } = (await api.register()).json().value;
    expect(await securityConfig(token)).toMatchObject({
      enabled: true,
      isComplete: false,
      status: 'N',
      personalInfoSaved: false,
      uploaded: false,
    });
    const saved = await call('POST', '/wps/member/kyc/info', token, KYC_INFO_REQUEST);
    expect(saved.json()).toEqual({ success: true, value: { ageWarning: false } });
    const res = await upload(token, {
      idCardFront: jpegWithGps,
      idCardBack: png,
      idCardSelfie: jpegWithGps,
    });
    expect(res.json()).toEqual({ success: true, value: null });
    expect(await securityConfig(token)).toMatchObject({
      isComplete: true,
      status: 'N',
      uploaded: true,
    });

    const stored = await database.db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.memberId, user.id));
    expect(stored.map((d) => d.kind).sort()).toEqual(['back', 'front', 'selfie']);
    for (const document of stored) {
      const meta = await sharp(document.bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(document.bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    }
  });

  it('saves an under-21 birthday with the local_age_21 warning', async () => {
    const { token } = (await api.register()).json().value;
    const res = await call('POST', '/wps/member/kyc/info', token, {
      ...KYC_INFO_REQUEST,
      birthday: '2008-01-01',
    });
    expect(res.json().value).toEqual({ ageWarning: true });
    expect((await securityConfig(token)).personalInfoSaved).toBe(true);
  });

  it.each([
    [{ idType: 21 }, 'VALIDATION_ERROR'],
    [{ occupation: 2 }, 'VALIDATION_ERROR'],
    [{ sourceOfIncome: 3 }, 'VALIDATION_ERROR'],
    [{ nationality: 'Atlantis' }, 'VALIDATION_ERROR'],
    [{ birthday: '1990-02-30' }, 'VALIDATION_ERROR'],
  ] as [Record<string, unknown>, string][])('rejects personal info %j', async (change, code) => {
    const { token, user } = (await api.register()).json().value;
    const res = await call('POST', '/wps/member/kyc/info', token, {
      ...KYC_INFO_REQUEST,
      ...change,
    });
    expect(res.json().code).toBe(code);
    expect(
      await database.db.select().from(kycProfiles).where(eq(kycProfiles.memberId, user.id)),
    ).toEqual([]);
  });

  describe('uploads', () => {
    let token: string;
    let memberId: number;
    beforeAll(async () => {
      const value = (await api.register()).json().value;
      token = value.token;
      memberId = value.user.id;
      await call('POST', '/wps/member/kyc/info', token, KYC_INFO_REQUEST);
    });

    it.each([
      [{ idCardBack: 'x', idCardSelfie: 'x' }, 'PLEASE_UPLOAD_FRONT'],
      [{ idCardFront: 'x', idCardSelfie: 'x' }, 'PLEASE_UPLOAD_BACK'],
      [{ idCardFront: 'x', idCardBack: 'x' }, 'PLEASE_UPLOAD_SELFIE'],
    ])('names the missing image %j', async (data, code) => {
      expect((await upload(token, data)).json().code).toBe(code);
    });

    it('refuses a GIF, a text file dressed as PNG, and a file over 5 MB, storing nothing', async () => {
      const gif = dataUrl('image/gif', Buffer.from('GIF89a......'));
      const fakePng = dataUrl('image/png', Buffer.from('<?php echo "not an image"; ?>'));
      const huge = dataUrl(
        'image/jpeg',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5_242_880)]),
      );
      const truncated = dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]));
      const cases: [Record<string, string>, string, string][] = [
        [
          { idCardFront: gif, idCardBack: png, idCardSelfie: png },
          'UPLOAD_FILE_TYPE',
          'idCardFront',
        ],
        [
          { idCardFront: png, idCardBack: fakePng, idCardSelfie: png },
          'UPLOAD_FILE_TYPE',
          'idCardBack',
        ],
        [
          { idCardFront: png, idCardBack: png, idCardSelfie: huge },
          'UPLOAD_TOO_LARGE',
          'idCardSelfie',
        ],
        [
          { idCardFront: png, idCardBack: png, idCardSelfie: truncated },
          'UPLOAD_FILE_TYPE',
          'idCardSelfie',
        ],
      ];
      for (const [data, code, field] of cases) {
        const res = await upload(token, data);
        expect(res.json()).toMatchObject({ success: false, code, value: { field } });
      }
      expect(
        await database.db.select().from(kycDocuments).where(eq(kycDocuments.memberId, memberId)),
      ).toEqual([]);
    });
  });

  it('wants the personal information before the images', async () => {
    const { token } = (await api.register()).json().value;
    const res = await upload(token, { idCardFront: png, idCardBack: png, idCardSelfie: png });
    expect(res.json().code).toBe('KYC_INFO_MISSING');
  });

  it('keeps trial accounts and visitors out', async () => {
    const trial = await api.trialToken();
    expect((await call('GET', '/wps/v2/member/securityConfig', trial)).json().code).toBe(
      'IN_NEED_TRUE_ACCOUNT',
    );
    const visitor = await app.inject({
      url: '/wps/v2/member/securityConfig',
      headers: api.headers(),
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses login to a member who is now on the restricted-persons list', async () => {
    const { user } = (
      await api.register({ payeeName: 'Emilio Jacinto', birthday: '1985-12-15' })
    ).json().value;
    await database.db
      .insert(restrictedPersons)
      .values({ merchantId: 1, fullName: 'EMILIO JACINTO', category: 'military_police' });
    expect((await api.login(user.account, 'Secret#2026pw')).json().code).toBe('RESTRICTED_PERSON');
  });

  it('records the gaming venue with the session when the operator asks for it', async () => {
    const { token } = (await api.register()).json().value;
    const options = (
      await app.inject({
        url: '/wps/relay/dropdownMenus?menuGroup=gamingvenue',
        headers: { merchant: 'demo', language: 'TL' },
      })
    ).json().value;
    expect(options[0]).toEqual({ code: 'NCR', label: 'Kalakhang Maynila (NCR)' });
    expect(
      (await call('POST', '/wps/session/gamingVenue', token, { code: 'NCR' })).json().code,
    ).toBe('FUNCTION_NOT_ENABLED');
    await database.db
      .update(whitelabelSwitches)
      .set({ enabled: true })
      .where(eq(whitelabelSwitches.code, 'GAMINGVENUE'));
    expect(
      (await call('POST', '/wps/session/gamingVenue', token, { code: 'MARS' })).json().code,
    ).toBe('VALIDATION_ERROR');
    expect(
      (await call('POST', '/wps/session/gamingVenue', token, { code: 'CV' })).json().success,
    ).toBe(true);
    await database.db
      .update(whitelabelSwitches)
      .set({ enabled: false })
      .where(eq(whitelabelSwitches.code, 'GAMINGVENUE'));
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.gamingVenue, 'CV'));
    expect(session).toBeDefined();
  });
});
