import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { memberIps, members, restrictedPersons } from '../../src/db/schema/index.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { MERCHANT_ID, createMember } from '../support/ledger.js';
import { signInOperator, signInForeignOperator } from '../support/operator-api.js';
import { closeTestApp, startTestApp } from '../support/test-app.js';

describe.each(testDatabases)('back-office risk on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  let risk: string;
  let support: string;
  let foreignRisk: string;
  let otherMerchant: number;
  const tag = `${Date.now() % 100000}`;

  beforeAll(async () => {
    ({ database, app } = await startTestApp(open));
    call = adminApi(app);
    risk = await signInOperator(app, database.db, { role: 'risk_kyc', merchantId: MERCHANT_ID });
    support = await signInOperator(app, database.db, {
      role: 'customer_service',
      merchantId: MERCHANT_ID,
    });
    const foreign = await signInForeignOperator(app, database.db, `rk${tag}`, 'risk_kyc');
    otherMerchant = foreign.merchantId;
    foreignRisk = foreign.token;
  });
  afterAll(() => closeTestApp(app, database));

  const listed = async (token: string, query = '') =>
    (await call(token, 'GET', `/admin/api/risk/restricted-persons?size=100${query}`)).json().value;

  it('imports a CSV list, all or nothing, audited, and lists it for its merchant only', async () => {
    const bad = await call(risk, 'POST', '/admin/api/risk/restricted-persons/import', {
      csv: `full_name,birthday,id_number,category,source\nJose Rizal${tag},1861-06-19,,official,PAGCOR\nX,19-06-1861,,pirate,\n`,
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'RESTRICTED_IMPORT_INVALID']);
    expect(bad.json().value.errors.map((e: { line: number }) => e.line)).toEqual([3, 3, 3]);
    expect((await listed(risk, `&name=RIZAL${tag}`)).total).toBe(0);

    const res = await call(risk, 'POST', '/admin/api/risk/restricted-persons/import', {
      csv: `full_name,birthday,id_number,category,source\n"Jose  Rizal${tag}",1861-06-19,,official,PAGCOR\nApolinario Mabini${tag},,ID-${tag},npd,NPD\n`,
    });
    expect(res.json().value).toEqual({ imported: 2, duplicates: 0, newMatches: 0, errors: [] });
    const list = await listed(risk, `&name=rizal${tag}`);
    expect(list.items).toEqual([
      expect.objectContaining({
        fullName: `JOSE RIZAL${tag}`,
        birthday: '1861-06-19',
        category: 'official',
      }),
    ]);
    expect(
      (await listed(risk, '&category=npd')).items.map((p: { idNumber: string }) => p.idNumber),
    ).toContain(`ID-${tag}`);
    expect((await listed(foreignRisk, `&name=${tag}`)).total).toBe(0);
    const audits = await auditsOf(database.db, 'risk.restricted_import', MERCHANT_ID);
    expect(audits.at(-1)!.after).toEqual({ imported: 2, duplicates: 0, newMatches: 0 });
    expect(
      (await call(support, 'POST', '/admin/api/risk/restricted-persons/import', { csv: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('lists members matching the list by name and birthday or by ID number', async () => {
    const db = database.db;
    await db.insert(restrictedPersons).values([
      {
        merchantId: MERCHANT_ID,
        fullName: `ANDRES NOVALES${tag}`,
        birthday: '1900-01-01',
        category: 'military_police',
      },
      {
        merchantId: MERCHANT_ID,
        fullName: `MELCHORA AQUINO${tag}`,
        birthday: null,
        idNumber: `M-${tag}`,
        category: 'licence_holder',
      },
      { merchantId: otherMerchant, fullName: `JUAN LUNA${tag}`, category: 'official' },
    ]);
    const byName = await createMember(db);
    await db
      .update(members)
      .set({ payeeName: `Andres  novales${tag}`, birthday: '1900-01-01' })
      .where(eq(members.id, byName));
    const otherBirthday = await createMember(db);
    await db
      .update(members)
      .set({ payeeName: `Andres Novales${tag}`, birthday: '1950-05-05' })
      .where(eq(members.id, otherBirthday));
    const byId = await createMember(db);
    await db
      .update(members)
      .set({ profile: { idNumber: `M-${tag}` } })
      .where(eq(members.id, byId));
    const luna = await createMember(db);
    await db
      .update(members)
      .set({ payeeName: `Juan Luna${tag}` })
      .where(eq(members.id, luna));

    const found = (await call(risk, 'GET', '/admin/api/risk/restricted-matches?size=100')).json()
      .value;
    const ids = found.items.map((m: { member: { id: number } }) => m.member.id);
    expect(ids).toContain(byName);
    expect(ids).toContain(byId);
    expect(ids).not.toContain(otherBirthday);
    expect(ids).not.toContain(luna);
    expect(
      found.items.find((m: { member: { id: number } }) => m.member.id === byName).person.category,
    ).toBe('military_police');
  });

  it('lists self-exclusions and addresses shared by several members', async () => {
    const db = database.db;
    const excluded = await createMember(db);
    const until = new Date(Date.now() + 30 * 86_400_000);
    await db.update(members).set({ selfExcludedUntil: until }).where(eq(members.id, excluded));
    const over = await createMember(db);
    await db
      .update(members)
      .set({ selfExcludedUntil: new Date(Date.now() - 1000) })
      .where(eq(members.id, over));
    const exclusions = (await call(risk, 'GET', '/admin/api/risk/self-exclusions?size=100')).json()
      .value;
    const ids = exclusions.items.map((e: { memberId: number }) => e.memberId);
    expect(ids).toContain(excluded);
    expect(ids).not.toContain(over);
    expect(exclusions.items.find((e: { memberId: number }) => e.memberId === excluded).until).toBe(
      until.toISOString(),
    );

    const [a, b, c, lone] = [
      await createMember(db),
      await createMember(db),
      await createMember(db),
      await createMember(db),
    ];
    const ip = `10.200.${Number(tag) % 250}.7`;
    await db.insert(memberIps).values([a, b, c].map((memberId) => ({ memberId, ip })));
    await db.insert(memberIps).values({ memberId: lone, ip: '10.201.1.1' });
    const shared = (await call(risk, 'GET', '/admin/api/risk/shared-addresses?size=100')).json()
      .value;
    const group = shared.items.find((g: { ip: string }) => g.ip === ip);
    expect(group.members.map((m: { id: number }) => m.id)).toEqual([a, b, c]);
    expect(shared.items.find((g: { ip: string }) => g.ip === '10.201.1.1')).toBeUndefined();
    const four = (
      await call(risk, 'GET', '/admin/api/risk/shared-addresses?minMembers=4&size=100')
    ).json().value;
    expect(four.items.find((g: { ip: string }) => g.ip === ip)).toBeUndefined();
    const foreign = (
      await call(foreignRisk, 'GET', '/admin/api/risk/shared-addresses?size=100')
    ).json().value;
    expect(foreign.total).toBe(0);
  });
});
