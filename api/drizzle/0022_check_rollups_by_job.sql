CREATE TABLE "check_rollup_mark" (
	"id" smallint PRIMARY KEY NOT NULL,
	"upto" bigint NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_results" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "check_results" ADD COLUMN "tx" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "check_results_tx" ON "check_results" USING brin ("tx") WITH (autosummarize=true);--> statement-breakpoint
-- Results stored before this migration were rolled up as they were stored (tx 0): the job counts
-- from this transaction on, so a rolling upgrade counts nothing twice.
INSERT INTO "check_rollup_mark" ("id", "upto") VALUES (1, pg_current_xact_id()::text::bigint);
--> statement-breakpoint
-- A histogram from its non-empty buckets (0-based) and their counts, saturating at smallint's
-- maximum: one tenant's counts must never make the job fail for everyone.
CREATE FUNCTION "check_hist_of"(idx int[], counts bigint[]) RETURNS smallint[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  h smallint[];
  top int := 0;
BEGIN
  FOR k IN 1 .. coalesce(array_length(idx, 1), 0) LOOP
    top := greatest(top, idx[k]);
  END LOOP;
  h := array_fill(0::smallint, ARRAY[top + 1]);
  FOR k IN 1 .. coalesce(array_length(idx, 1), 0) LOOP
    h[idx[k] + 1] := least(32767, h[idx[k] + 1] + counts[k]);
  END LOOP;
  RETURN h;
END
$$;
--> statement-breakpoint
-- check_hist_add (0020), saturating as well.
CREATE OR REPLACE FUNCTION "check_hist_add"(a smallint[], b smallint[]) RETURNS smallint[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(b, 1), 0) LOOP
    a[i] := least(32767, coalesce(a[i], 0)::int + b[i]);
  END LOOP;
  RETURN a;
END
$$;
