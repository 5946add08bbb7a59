import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { auditLog, members, restrictedPersons } from '../../src/db/schema/index.js';
import { appendAudit, verifyAuditChain } from '../../src/modules/audit/audit.service.js';
import { testDatabases } from '../support/databases.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

describe.each(testDatabases)('audit log on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  const entry = (n: number) => ({
    merchantId: 1,
    actorType: 'system' as const,
    actorId: null,
    action: 'test.append',
    subjectType: 'test',
    subjectId: String(n),
    before: { n, nested: { b: 2, a: 1 } },
    after: { n: n + 1, list: [3, 'x', null] },
    ip: '203.0.113.9',
  });

  it('chains every entry, also when many are appended at once', async () => {
    await Promise.all(Array.from({ length: 25 }, (_, n) => appendAudit(database.db, entry(n))));
    const report = await verifyAuditChain(database.db, 7);
    expect(report).toMatchObject({ brokenAt: null });
    expect(report.rows).toBeGreaterThanOrEqual(25);
  });

  it('refuses to update, delete or truncate an entry', async () => {
    await appendAudit(database.db, entry(100));
    const [row] = await database.db.select().from(auditLog).limit(1);
    await expect(
      database.db.update(auditLog).set({ action: 'edited' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await verifyAuditChain(database.db)).brokenAt).toBeNull();
  });

  it('records a restricted person stopped at registration and at login', async () => {
    await database.db.insert(restrictedPersons).values({
      merchantId: 1,
      fullName: 'ANDRES BONIFACIO',
      birthday: null,
      category: 'official',
      source: 'test list',
    });
    const refused = await api.register({ payeeName: 'Andres Bonifacio' });
    expect(refused.json().code).toBe('RESTRICTED_PERSON');
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'eligibility.restricted_person_refused'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({ stage: 'register', category: 'official' });
    expect(rows[0]!.ip).toMatch(/^10\./);
    // Nobody was created.
    expect(
      await database.db.select().from(members).where(eq(members.payeeName, 'Andres Bonifacio')),
    ).toHaveLength(0);

    // A member who lands on the list later is stopped at the next login, and that is recorded.
    const { user } = (await api.register({ payeeName: 'Emilio Jacinto' })).json().value;
    await database.db.insert(restrictedPersons).values({
      merchantId: 1,
      fullName: 'EMILIO JACINTO',
      category: 'military_police',
      source: 'test list',
    });
    expect((await api.login(user.account, 'Secret#2026pw')).json().code).toBe('RESTRICTED_PERSON');
    const [login] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'eligibility.restricted_person_refused'),
          eq(auditLog.subjectId, String(user.id)),
        ),
      );
    expect(login!.after).toMatchObject({ stage: 'login', username: user.account });
    expect(login!.actorType).toBe('member');
    expect((await verifyAuditChain(database.db)).brokenAt).toBeNull();
  });

  it('detects an edited row and a removed row', async () => {
    await appendAudit(database.db, entry(200));
    await appendAudit(database.db, entry(201));
    await appendAudit(database.db, entry(202));
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'test.append'));
    const target = rows.find((r) => r.subjectId === '201')!;
    // Someone with the power to switch the guard off (a superuser) edits a row...
    await database.db.execute(
      sql`alter table audit_log disable trigger audit_log_no_update_delete`,
    );
    await database.db
      .update(auditLog)
      .set({ after: { n: 999 } })
      .where(eq(auditLog.id, target.id));
    expect(await verifyAuditChain(database.db)).toMatchObject({
      brokenAt: target.id,
      reason: 'its content was changed',
    });
    // ...or removes it: the next row no longer chains.
    await database.db.delete(auditLog).where(eq(auditLog.id, target.id));
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    const next = rows.find((r) => r.subjectId === '202')!;
    expect(await verifyAuditChain(database.db)).toMatchObject({
      brokenAt: next.id,
      reason: 'a row before it was removed or changed',
    });
  });
});
