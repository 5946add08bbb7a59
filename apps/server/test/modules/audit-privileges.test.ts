import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir, serverRoot } from '../../src/config/paths.js';
import type { Db, DatabaseHandle } from '../../src/db/client.js';
import { appendAudit, verifyAuditChain } from '../../src/modules/audit/audit.service.js';
import { testDatabases } from '../support/databases.js';

/** The statements of a SQL file, comments dropped, split on `;` at line ends or breakpoints. */
function statements(file: string, role?: string): string[] {
  const text = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .replaceAll(':"app_role"', `"${role}"`);
  return text.includes('--> statement-breakpoint')
    ? text.split('--> statement-breakpoint')
    : text.split(/;\s*\n/);
}

async function run(db: Db, sqlText: string[]): Promise<void> {
  for (const statement of sqlText.map((s) => s.trim()).filter(Boolean)) {
    await db.execute(sql.raw(statement));
  }
}

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

describe.each(testDatabases)('audit log privileges on $name', ({ open }) => {
  let database: DatabaseHandle;
  // Roles belong to the whole PostgreSQL cluster: a name of this run only, dropped at the end.
  const role = `audit_app_${process.pid}_${Date.now() % 100000}`;

  beforeAll(async () => {
    database = await open();
    await database.db.execute(sql.raw(`create role "${role}" nologin`));
    await run(database.db, statements(join(serverRoot, 'src/db/app-role.sql'), role));
  });
  afterAll(async () => {
    await database.db.execute(sql.raw(`drop owned by "${role}"`));
    await database.db.execute(sql.raw(`drop role "${role}"`));
    await database.close();
  });

  const privilege = async (who: string, kind: string) => {
    const result = await database.db.execute(
      sql`select has_table_privilege(${who}, 'audit_log', ${kind}) as granted`,
    );
    const rows = (result as { rows?: { granted: boolean }[] }).rows ?? (result as never);
    return rows[0]!.granted;
  };

  it('lets the server role read and append but never change, delete or unguard a row', async () => {
    const refused: Record<string, string | undefined> = {};
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role "${role}"`));
      await appendAudit(tx, {
        merchantId: 1,
        actorType: 'system',
        actorId: null,
        action: 'test.privileges',
        subjectType: 'test',
        subjectId: role,
      });
      const attempts: Record<string, string> = {
        update: `update audit_log set action = 'edited'`,
        delete: `delete from audit_log`,
        truncate: `truncate audit_log`,
        disableTrigger: `alter table audit_log disable trigger audit_log_no_update_delete`,
        dropTrigger: `drop trigger audit_log_no_update_delete on audit_log`,
      };
      for (const [name, statement] of Object.entries(attempts)) {
        try {
          // A savepoint each, so the refusal does not end the transaction.
          await tx.transaction(async (inner) => {
            await inner.execute(sql.raw(statement));
          });
          refused[name] = 'ran';
        } catch (error) {
          refused[name] = sqlState(error);
        }
      }
      // The verify command's read still works for this role.
      expect((await verifyAuditChain(tx as unknown as Db)).brokenAt).toBeNull();
    });
    // 42501: insufficient_privilege, before any trigger runs.
    expect(refused).toEqual({
      update: '42501',
      delete: '42501',
      truncate: '42501',
      disableTrigger: '42501',
      dropTrigger: '42501',
    });
    expect((await verifyAuditChain(database.db)).brokenAt).toBeNull();
  });

  it('takes the rights to change rows from every role but the owner when migrating', async () => {
    await database.db.execute(sql.raw(`grant update, delete, truncate on audit_log to "${role}"`));
    await database.db.execute(sql.raw(`grant update, delete on audit_log to public`));
    expect(await privilege(role, 'UPDATE')).toBe(true);
    await run(database.db, statements(join(migrationsDir, '0021_audit_log_privileges.sql')));
    for (const kind of ['UPDATE', 'DELETE', 'TRUNCATE']) {
      expect(await privilege(role, kind), kind).toBe(false);
    }
    expect(await privilege(role, 'INSERT')).toBe(true);
    expect(await privilege(role, 'SELECT')).toBe(true);
  });
});
