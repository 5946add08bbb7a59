import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { kycProfiles, restrictedPersons } from '../../src/db/schema/index.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const PERSONAL_INFO = {
  idType: 17,
  payeename: 'Gabriela Silang',
  birthday: '1988-03-19',
  address: '4 Mabini Street, Vigan',
  permanentAddress: '4 Mabini Street, Vigan',
  placeOfBirth: 'Caniogan',
  nationality: 'Philippines',
  sourceOfIncome: 1,
  occupation: 6,
  employerName: '',
};

describe.each(testDatabases)('back-office KYC review on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let call: ReturnType<typeof adminApi>;
  let reviewer: string;
  let support: string;
  let foreignOwner: string;
  let image: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER });
    api = memberApi(app);
    call = adminApi(app);
    reviewer = await signInOperator(app, database.db, {
      role: 'risk_kyc',
      merchantId: MERCHANT_ID,
    });
    support = await signInOperator(app, database.db, {
      role: 'customer_service',
      merchantId: MERCHANT_ID,
    });
    foreignOwner = (await signInForeignOperator(app, database.db, `ok${Date.now() % 100000}`))
      .token;
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#a0c0e0' },
    })
      .png()
      .toBuffer();
    image = `data:image/png;base64,${png.toString('base64')}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const asMember = (token: string, url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: api.headers(token),
      ...(payload ? { payload } : {}),
    });
  const status = async (token: string) =>
    (await asMember(token, '/wps/v2/member/securityConfig')).json().value.info.idVerification;

  async function submitted(info: Record<string, unknown> = {}, images = true) {
    const { token, user } = (await api.register()).json().value;
    await asMember(token, '/wps/member/kyc/info', { ...PERSONAL_INFO, ...info });
    if (images) {
      const res = await asMember(token, '/wps/relay/identity/uploadIdImage', {
        data: { idCardFront: image, idCardBack: image, idCardSelfie: image },
        moduleId: 'UPLOADID3',
      });
      expect(res.statusCode).toBe(200);
    }
    return { token, memberId: user.id as number };
  }

  it('queues waiting submissions with the info and serves the three images to the operator only', async () => {
    const { memberId, token } = await submitted();
    const queue = (await call(reviewer, 'GET', '/admin/api/kyc?size=100')).json().value;
    const item = queue.items.find((i: { memberId: number }) => i.memberId === memberId);
    expect(item).toMatchObject({
      status: 'N',
      payeeName: 'Gabriela Silang',
      documents: ['front', 'back', 'selfie'],
    });
    const detail = (await call(reviewer, 'GET', `/admin/api/kyc/${memberId}`)).json().value;
    expect(detail).toMatchObject({
      placeOfBirth: 'Caniogan',
      nationality: 'Philippines',
      reviewNote: null,
    });

    for (const kind of ['front', 'back', 'selfie']) {
      const res = await call(reviewer, 'GET', `/admin/api/kyc/${memberId}/documents/${kind}`);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    expect(
      (await call(reviewer, 'GET', `/admin/api/kyc/${memberId}/documents/passport`)).statusCode,
    ).toBe(400);
    expect(
      (await call(foreignOwner, 'GET', `/admin/api/kyc/${memberId}/documents/front`)).statusCode,
    ).toBe(404);
    expect((await call(foreignOwner, 'GET', `/admin/api/kyc/${memberId}`)).statusCode).toBe(404);
    expect(
      (await call(support, 'GET', `/admin/api/kyc/${memberId}/documents/front`)).statusCode,
    ).toBe(403);
    const asMemberRes = await asMember(token, `/admin/api/kyc/${memberId}/documents/front`);
    expect(asMemberRes.statusCode).toBe(401);
    const foreignQueue = (await call(foreignOwner, 'GET', '/admin/api/kyc?size=100')).json().value;
    expect(foreignQueue.items.map((i: { memberId: number }) => i.memberId)).not.toContain(memberId);
  });

  it('rejects with a reason the member sees, then approves the new submission', async () => {
    const { memberId, token } = await submitted();
    const empty = await call(reviewer, 'POST', `/admin/api/kyc/${memberId}/reject`, {
      reason: ' ',
    });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const rejected = await call(reviewer, 'POST', `/admin/api/kyc/${memberId}/reject`, {
      reason: 'Selfie is blurred',
    });
    expect(rejected.json().value).toMatchObject({ status: 'R', reviewNote: 'Selfie is blurred' });
    expect(await status(token)).toMatchObject({ status: 'R', reviewNote: 'Selfie is blurred' });
    const twice = await call(reviewer, 'POST', `/admin/api/kyc/${memberId}/approve`, {});
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'KYC_NOT_PENDING']);

    await asMember(token, '/wps/relay/identity/uploadIdImage', {
      data: { idCardFront: image, idCardBack: image, idCardSelfie: image },
      moduleId: 'UPLOADID3',
    });
    expect((await status(token)).status).toBe('N');
    const approved = await call(reviewer, 'POST', `/admin/api/kyc/${memberId}/approve`, {
      note: 'ID matches',
    });
    expect(approved.json().value).toMatchObject({ status: 'A', reviewNote: 'ID matches' });
    expect((await status(token)).status).toBe('A');
    expect(await auditsOf(database.db, 'kyc.reject', memberId)).toHaveLength(1);
    const [entry] = await auditsOf(database.db, 'kyc.approve', memberId);
    expect(entry).toMatchObject({ before: { status: 'N' }, after: { status: 'A' } });
  });

  it('never approves an incomplete, under-age, restricted or foreign submission', async () => {
    const noImages = await submitted({}, false);
    const incomplete = await call(
      reviewer,
      'POST',
      `/admin/api/kyc/${noImages.memberId}/approve`,
      {},
    );
    expect(incomplete.json().code).toBe('KYC_NOT_PENDING');

    const young = await submitted({ birthday: '2010-01-01' });
    const underAge = await call(reviewer, 'POST', `/admin/api/kyc/${young.memberId}/approve`, {});
    expect(underAge.json().code).toBe('UNDER_AGE');

    const listed = await submitted({ payeename: 'Emilio Jacinto Reyes' });
    await database.db.insert(restrictedPersons).values({
      merchantId: MERCHANT_ID,
      fullName: 'EMILIO JACINTO REYES',
      birthday: null,
      category: 'official',
    });
    const restricted = await call(
      reviewer,
      'POST',
      `/admin/api/kyc/${listed.memberId}/approve`,
      {},
    );
    expect(restricted.json().code).toBe('RESTRICTED_PERSON');

    const waiting = await submitted();
    const foreign = await call(
      foreignOwner,
      'POST',
      `/admin/api/kyc/${waiting.memberId}/approve`,
      {},
    );
    expect(foreign.statusCode).toBe(404);
    const denied = await call(support, 'POST', `/admin/api/kyc/${waiting.memberId}/approve`, {});
    expect(denied.statusCode).toBe(403);

    for (const memberId of [young.memberId, listed.memberId, waiting.memberId]) {
      const [row] = await database.db
        .select()
        .from(kycProfiles)
        .where(eq(kycProfiles.memberId, memberId));
      expect(row!.status).toBe('N');
      expect(await auditsOf(database.db, 'kyc.approve', memberId)).toHaveLength(0);
    }
  });
});
