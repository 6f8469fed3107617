CREATE TABLE "report_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"report_name" text NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by" text,
	"scheduled_for" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"rows" integer,
	"bytes" integer,
	"file_name" text,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "scheduled_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"frequency" text NOT NULL,
	"weekday" text,
	"time" text NOT NULL,
	"transfer_server_id" uuid,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_reports_weekday" CHECK (("scheduled_reports"."frequency" = 'weekly') = ("scheduled_reports"."weekday" is not null)),
	CONSTRAINT "scheduled_reports_enabled_next_run" CHECK ("scheduled_reports"."enabled" or "scheduled_reports"."next_run_at" is null)
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_id_scheduled_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."scheduled_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_transfer_server_id_transfer_servers_id_fk" FOREIGN KEY ("transfer_server_id") REFERENCES "public"."transfer_servers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_report_started" ON "report_runs" USING btree ("report_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_reports_service_name" ON "scheduled_reports" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scheduled_reports_due" ON "scheduled_reports" USING btree ("next_run_at") WHERE "scheduled_reports"."enabled" and "scheduled_reports"."next_run_at" is not null;--> statement-breakpoint
ALTER TABLE scheduled_reports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE scheduled_reports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON scheduled_reports USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE report_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE report_runs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_runs USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- A run is written once, when it ends: the application adds runs and never changes or removes one (a report's
-- runs go with the report, through the foreign key's cascade, which runs as the table's owner).
REVOKE UPDATE, DELETE, TRUNCATE ON "report_runs" FROM keydeck_app;
