-- Adds two latency histograms element by element (a rollup's and a batch's), the shorter one
-- padded with zeros: one call per rollup row, cheaper than unnest and array_agg per row.
CREATE FUNCTION "check_hist_add"(a smallint[], b smallint[]) RETURNS smallint[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(b, 1), 0) LOOP
    a[i] := coalesce(a[i], 0) + b[i];
  END LOOP;
  RETURN a;
END
$$;
--> statement-breakpoint
-- Streaks are rewritten by every result and rollups by every result of their five minutes: with
-- room left on each page, the new row version stays on its page and the primary key is not
-- written again (a HOT update), and the tables stay half the size.
ALTER TABLE "check_states" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "check_rollups" SET (fillfactor = 70);
