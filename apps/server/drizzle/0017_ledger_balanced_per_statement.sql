-- Every entry's postings sum to zero, checked once per INSERT statement over the rows it adds
-- (a transition table) instead of once per posting at COMMIT. Postings are append-only and every
-- writer inserts all postings of an entry in one statement, so "each statement's new postings
-- sum to zero per entry" keeps "every entry sums to zero"; a writer that split an entry over two
-- statements is refused, which is stricter than before.
DROP TRIGGER "ledger_postings_balanced" ON "ledger_postings";--> statement-breakpoint
DROP FUNCTION "ledger_entry_balanced"();--> statement-breakpoint
CREATE FUNCTION "ledger_postings_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT "entry_id" INTO unbalanced FROM "new_postings"
   GROUP BY "entry_id" HAVING sum("amount") <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entry % does not sum to zero', unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_postings_balanced" AFTER INSERT ON "ledger_postings"
  REFERENCING NEW TABLE AS "new_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_postings_balanced"();
--> statement-breakpoint
-- Accounts are permanent: postings point at them without a foreign key (decision 007).
CREATE FUNCTION "ledger_accounts_permanent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are permanent: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_delete" BEFORE DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_accounts_permanent"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_accounts_permanent"();
