CREATE TABLE "solution_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solution_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"services" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"steps" jsonb NOT NULL,
	"error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"started_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "solutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"services" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solution_runs" ADD CONSTRAINT "solution_runs_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_runs" ADD CONSTRAINT "solution_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solution_runs_account" ON "solution_runs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "solution_runs_in_flight" ON "solution_runs" USING btree ("solution_id","account_id") WHERE "solution_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "solutions_name" ON "solutions" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE solution_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE solution_runs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON solution_runs USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- Solution definitions are the platform's own: platform administrators and the server's system work only.
ALTER TABLE solutions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE solutions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON solutions USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
