-- The audit log is append-only for everyone but its owner (decision 004). The trigger of 0005
-- refuses UPDATE, DELETE and TRUNCATE; here the privileges go too, so a role the server connects
-- as (not the owner) is refused before any trigger runs and cannot switch the trigger off.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;--> statement-breakpoint
DO $$
DECLARE
  grantee_name text;
BEGIN
  FOR grantee_name IN
    SELECT DISTINCT g.grantee
    FROM information_schema.role_table_grants g
    JOIN pg_tables t ON t.schemaname = g.table_schema AND t.tablename = g.table_name
    WHERE g.table_name = 'audit_log'
      AND g.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE')
      AND g.grantee <> t.tableowner
      AND g.grantee <> 'PUBLIC'
  LOOP
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM %I', grantee_name);
  END LOOP;
END
$$;
