CREATE TABLE "device_batch_replies" (
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_digest" text NOT NULL,
	"reply" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"request_id" text NOT NULL,
	"change" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"group_id" uuid NOT NULL,
	"model_id" uuid,
	"archived" boolean DEFAULT false NOT NULL,
	"failed" boolean DEFAULT false NOT NULL,
	"last_load" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_batch_replies" ADD CONSTRAINT "device_batch_replies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_batch_replies" ADD CONSTRAINT "device_batch_replies_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_changes" ADD CONSTRAINT "device_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_changes" ADD CONSTRAINT "device_changes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_models" ADD CONSTRAINT "device_models_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_model_id_device_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."device_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_batch_replies_key" ON "device_batch_replies" USING btree ("service_id","key");--> statement-breakpoint
CREATE INDEX "device_changes_service_serial" ON "device_changes" USING btree ("service_id","serial","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_service_name" ON "device_groups" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "device_models_service_name" ON "device_models" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "devices_service_serial" ON "devices" USING btree ("service_id","serial");--> statement-breakpoint
CREATE INDEX "devices_service_group_serial" ON "devices" USING btree ("service_id","group_id","serial");--> statement-breakpoint
CREATE INDEX "devices_service_archived_serial" ON "devices" USING btree ("service_id","archived","serial");--> statement-breakpoint
CREATE INDEX "devices_service_created" ON "devices" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "devices_service_model" ON "devices" USING btree ("service_id","model_id");--> statement-breakpoint
-- Serials sort bytewise everywhere (PGlite and PostgreSQL may differ in default collation), so a page by serial
-- and a batch resuming after a serial agree; the trigram index serves search by any fragment of a serial.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "serial" TYPE text COLLATE "C";--> statement-breakpoint
CREATE INDEX "devices_serial_trgm" ON "devices" USING gin ("serial" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "device_changes" ALTER COLUMN "serial" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE device_groups ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE device_groups FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON device_groups USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE device_models ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE device_models FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON device_models USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE devices ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE devices FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON devices USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE device_changes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE device_changes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON device_changes USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE device_batch_replies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE device_batch_replies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON device_batch_replies USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- Which devices a batch changed is part of the audit trail: the application may add to it, never rewrite it.
REVOKE UPDATE, DELETE, TRUNCATE ON "device_changes" FROM keydeck_app;
--> statement-breakpoint
-- Row-level security lets an index serve only leakproof operators, and ILIKE (texticlike) is not marked so, though
-- it raises no error that depends on the row's text: without this a search by serial fragment scans every device
-- of the service (4 s at 1,000,000). Marking a built-in function needs a superuser: where migrations run as an
-- ordinary owner, an administrator runs this statement once (README), and search works unchanged, only slower.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
  END IF;
END
$$;
