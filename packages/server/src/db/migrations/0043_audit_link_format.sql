-- Link format 2 covers target_name too (every field the audit screen shows). Events written before keep format 1
-- and still verify as they were written; a writer must say which format it used.
ALTER TABLE "audit_events" ADD COLUMN "link_format" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "link_format" DROP DEFAULT;
