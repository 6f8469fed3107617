-- Issue 29: an index for each keyset order of the large lists (platform/keyset.ts), so a page after a cursor, and
-- the last page read from the end, start in the index at the cursor instead of sorting the filter's rows. Each is
-- led by the column the list filters on (a service's, an account's or a report's rows), which a plain equality
-- (leakproof) lets the index serve under row-level security; the sort column and the id that breaks its ties
-- follow; account_id rides along (INCLUDE) where it is not a key column, so the policy's check and the capped
-- counts need no heap visit for it.
--
-- A case-insensitive order sorts by a stored lower-cased copy of its column (a generated *_key column), not by
-- lower(column): lower() is not leakproof, so under row-level security a cursor's condition on lower(column) is
-- checked row by row after the policy, from the start of the filter's rows, however deep the page; on a plain
-- column the index starts at the cursor.
ALTER TABLE "issued_certificates" ADD COLUMN "subject_key" text GENERATED ALWAYS AS (lower("subject")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text GENERATED ALWAYS AS (lower("username")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower("email")) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower("name")) STORED;--> statement-breakpoint
--
-- Issued certificates: by subject (its key), issue time and expiry; by serial the unique
-- (service_id, serial) index serves already. The (service_id, subject) index served no query (the list sorts by
-- lower(subject); search uses the trigram index).
CREATE INDEX "issued_certificates_service_subject_id" ON "issued_certificates" USING btree ("service_id", "subject_key", "id") INCLUDE ("account_id");--> statement-breakpoint
CREATE INDEX "issued_certificates_service_created_id" ON "issued_certificates" USING btree ("service_id", "created_at", "id") INCLUDE ("account_id");--> statement-breakpoint
CREATE INDEX "issued_certificates_service_not_after_id" ON "issued_certificates" USING btree ("service_id", "not_after", "id") INCLUDE ("account_id");--> statement-breakpoint
DROP INDEX "issued_certificates_service_subject";--> statement-breakpoint
-- Key assignments: by slot (a slot's groups then sort by name, a few rows at a time) and by the time added. By
-- group and by key the order is the joined group's or key's name: device_groups_service_name and
-- symmetric_keys_service_name give it, and key_assignments_group_slot / key_assignments_key the rows of each.
CREATE INDEX "key_assignments_service_slot" ON "key_assignments" USING btree ("service_id", "key_slot") INCLUDE ("account_id", "device_group_id");--> statement-breakpoint
CREATE INDEX "key_assignments_service_created_id" ON "key_assignments" USING btree ("service_id", "created_at", "id") INCLUDE ("account_id");--> statement-breakpoint
-- An account's users by name, username (unique, pages alone), e-mail and creation; these serve the plain account
-- look-up that users_account did.
CREATE INDEX "users_account_name_id" ON "users" USING btree ("account_id", "name_key", "id");--> statement-breakpoint
CREATE INDEX "users_account_username" ON "users" USING btree ("account_id", "username_key");--> statement-breakpoint
CREATE INDEX "users_account_email_id" ON "users" USING btree ("account_id", "email_key", "id");--> statement-breakpoint
CREATE INDEX "users_account_created_id" ON "users" USING btree ("account_id", "created_at", "id");--> statement-breakpoint
DROP INDEX "users_account";--> statement-breakpoint
-- The platform's accounts (a platform administrator's list; the policy's column is the id itself, and a customer
-- sees one row): by name and creation; by slug the unique constraint's index serves. The policy reads each setting
-- once per statement (initplans, as 0027 does for keys), the same rule as keydeck_may_see: written per row, its
-- estimate (half a percent of the rows) made the planner sort the whole table for the administrator, who sees all.
DROP POLICY tenant_isolation ON accounts;--> statement-breakpoint
CREATE POLICY tenant_isolation ON accounts
  USING ((SELECT coalesce(current_setting('keydeck.bypass_rls', true), '') = 'on') OR id = (SELECT nullif(current_setting('keydeck.account_id', true), '')::uuid))
  WITH CHECK ((SELECT coalesce(current_setting('keydeck.bypass_rls', true), '') = 'on') OR id = (SELECT nullif(current_setting('keydeck.account_id', true), '')::uuid));--> statement-breakpoint
CREATE INDEX "accounts_name_id" ON "accounts" USING btree ("name_key", "id");--> statement-breakpoint
CREATE INDEX "accounts_created_id" ON "accounts" USING btree ("created_at", "id");--> statement-breakpoint
-- A report's runs, newest first with the id breaking ties (and its newest run, for the report list); it replaces
-- the (report_id, started_at) index.
CREATE INDEX "report_runs_report_started_id" ON "report_runs" USING btree ("report_id", "started_at", "id") INCLUDE ("account_id");--> statement-breakpoint
DROP INDEX "report_runs_report_started";
