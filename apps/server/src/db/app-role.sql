-- The privileges of the role the server connects as in production (decision 004), run by the
-- owner of the tables after the migrations: `psql -v app_role=app_runtime -f app-role.sql`.
-- The role reads and writes every table, but may only read and append the audit log; it owns
-- nothing, so it can neither drop the audit triggers nor alter the table.
GRANT USAGE ON SCHEMA public TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM :"app_role";
