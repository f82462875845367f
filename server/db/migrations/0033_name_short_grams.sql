-- A name search of one or two characters (issue 36): no trigram serves it, so lower(name) LIKE '%q%' read every
-- business (0.5–0.8 s at 1M). short_grams(t) is every character and every pair of adjacent characters of t (GIN keeps
-- each key once per row), so a fragment of one or two characters is among the grams of exactly the names that
-- contain it. The lists read these indexes for a rare fragment only (server/http/pagination.ts `boundedListParts`).
-- Per row the function costs about 11 µs: its COST keeps the planner from evaluating it on a walk, and PARALLEL
-- RESTRICTED from starting workers for a bitmap scan that reads a few hundred rows (each start cost 6–14 ms).
-- bench/results/issue-36-short-search.md
CREATE FUNCTION "short_grams"("t" text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL RESTRICTED COST 100 AS $$
DECLARE
  grams text[] := string_to_array(t, NULL);
BEGIN
  FOR i IN 1 .. length(t) - 1 LOOP
    grams := grams || substr(t, i, 2);
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
CREATE INDEX "businesses_name_short_grams_idx" ON "businesses" USING gin (short_grams(lower("name")));--> statement-breakpoint
CREATE INDEX "businesses_queue_name_short_grams_idx" ON "businesses" USING gin (short_grams(lower("name"))) WHERE "businesses"."approval_status" = 'PENDING' AND "businesses"."kyc_details_completed" AND "businesses"."archive_status" = 'ACTIVE';--> statement-breakpoint
-- The new expressions' statistics (which grams are common), for the planner.
ANALYZE "businesses";
