CREATE TABLE "list_counters" (
	"account_id" bigint NOT NULL,
	"list" text NOT NULL,
	"shard" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "list_counters_account_id_list_shard_pk" PRIMARY KEY("account_id","list","shard")
);
--> statement-breakpoint
ALTER TABLE "list_counters" ADD CONSTRAINT "list_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Added by hand (drizzle-kit cannot express triggers): the counters' upkeep. Statement-level
-- triggers see a statement's rows as transition tables and add their net change per account in
-- one upsert, in the writing transaction: a bulk insert costs one counter write, an update that
-- does not move a row in or out of the list none. Rows of an account being deleted are skipped (its
-- counters go with it). The triggers are created before the backfill, in the migration's
-- transaction, which holds their tables' locks until it commits: no write slips in between.
CREATE FUNCTION "list_counters_add"(list_name text, account_ids bigint[], deltas bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "list_counters" AS c ("account_id", "list", "shard", "count")
  SELECT d.account_id, $1, (pg_backend_pid() % 16)::smallint, d.delta
  FROM unnest($2, $3) AS d(account_id, delta)
  JOIN "accounts" a ON a."id" = d.account_id
  WHERE d.delta <> 0
  ON CONFLICT ("account_id", "list", "shard") DO UPDATE SET "count" = c."count" + excluded."count"
$$;
--> statement-breakpoint
CREATE FUNCTION "leads_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "list_counters_add"('leads', array_agg(account_id), array_agg(n))
      FROM (SELECT account_id, count(*) AS n FROM new_rows WHERE archived_at IS NULL GROUP BY account_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "list_counters_add"('leads', array_agg(account_id), array_agg(-n))
      FROM (SELECT account_id, count(*) AS n FROM old_rows WHERE archived_at IS NULL GROUP BY account_id) d;
  ELSE
    PERFORM "list_counters_add"('leads', array_agg(account_id), array_agg(n::bigint))
      FROM (SELECT account_id, sum(delta) AS n FROM (
        SELECT account_id, 1 AS delta FROM new_rows WHERE archived_at IS NULL
        UNION ALL SELECT account_id, -1 FROM old_rows WHERE archived_at IS NULL) x GROUP BY account_id) d;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "projects_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "list_counters_add"('projects', array_agg(account_id), array_agg(n))
      FROM (SELECT account_id, count(*) AS n FROM new_rows GROUP BY account_id) d;
  ELSE
    PERFORM "list_counters_add"('projects', array_agg(account_id), array_agg(-n))
      FROM (SELECT account_id, count(*) AS n FROM old_rows GROUP BY account_id) d;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_count_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "leads_count"();
--> statement-breakpoint
CREATE TRIGGER "leads_count_update" AFTER UPDATE ON "leads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "leads_count"();
--> statement-breakpoint
CREATE TRIGGER "leads_count_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "leads_count"();
--> statement-breakpoint
CREATE TRIGGER "projects_count_insert" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "projects_count"();
--> statement-breakpoint
CREATE TRIGGER "projects_count_delete" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "projects_count"();
--> statement-breakpoint
INSERT INTO "list_counters" ("account_id", "list", "shard", "count")
  SELECT "account_id", 'leads', 0, count(*) FROM "leads" WHERE "archived_at" IS NULL GROUP BY "account_id";
--> statement-breakpoint
INSERT INTO "list_counters" ("account_id", "list", "shard", "count")
  SELECT "account_id", 'projects', 0, count(*) FROM "projects" GROUP BY "account_id";
