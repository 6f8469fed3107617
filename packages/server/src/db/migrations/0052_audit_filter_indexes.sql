-- The audit list at a million events an account (issue 29), 100 a page newest first, counted up to 10,001 rows.
-- Each index ends in the list's order (time, then id), so a page is the index's first rows and the capped count an
-- index-only scan of at most 10,001 entries: the account's time index gains the id (a day range sorted every
-- event of its days by id, 190 ms for a quarter of a year); a user or action filter is a list of the account's
-- actors or actions (audit.repository.ts valuesContaining finds them by a skip scan of these indexes, one probe per
-- distinct value), each read from its own part of the index; the actor's carries the action, so a user and an
-- action together are counted from the index alone. Equality and text comparison are leakproof, so row-level
-- security lets the application role use them all.
DROP INDEX "audit_events_account_time";--> statement-breakpoint
CREATE INDEX "audit_events_account_time" ON "audit_events" USING btree ("account_id", "occurred_at", "id");--> statement-breakpoint
CREATE INDEX "audit_events_account_actor_time" ON "audit_events" USING btree ("account_id", "actor_username", "occurred_at", "id") INCLUDE ("action");--> statement-breakpoint
CREATE INDEX "audit_events_account_action_time" ON "audit_events" USING btree ("account_id", "action", "occurred_at", "id");
--> statement-breakpoint
-- The same rule as keydeck_may_see, with the settings read once a statement (InitPlans) rather than for every row:
-- a capped count passes 10,001 rows, and reading both settings and parsing the account id for each took 5 ms of it
-- (1.5 ms so). The check of written rows is left as it was.
ALTER POLICY tenant_isolation ON audit_events USING (
  (SELECT coalesce(current_setting('keydeck.bypass_rls', true), '') = 'on')
  OR account_id = (SELECT nullif(current_setting('keydeck.account_id', true), '')::uuid)
);
