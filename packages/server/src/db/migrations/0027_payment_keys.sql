CREATE TABLE "key_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"device_group_id" uuid NOT NULL,
	"key_slot" integer NOT NULL,
	"key_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"retrieval_algorithm" text DEFAULT 'static' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symmetric_key_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"key_name" text NOT NULL,
	"action" text NOT NULL,
	"kcv" text NOT NULL,
	"actor" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symmetric_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"algorithm" text NOT NULL,
	"usage" text NOT NULL,
	"mode_of_use" text NOT NULL,
	"exportability" text NOT NULL,
	"version" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"kcv" text NOT NULL,
	"kcv_method" text NOT NULL,
	"origin" text NOT NULL,
	"keystore" text NOT NULL,
	"key_ref" text NOT NULL,
	"material_id" uuid NOT NULL,
	"key_set_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "key_assignments" ADD CONSTRAINT "key_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_assignments" ADD CONSTRAINT "key_assignments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_assignments" ADD CONSTRAINT "key_assignments_device_group_id_device_groups_id_fk" FOREIGN KEY ("device_group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_assignments" ADD CONSTRAINT "key_assignments_key_id_symmetric_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."symmetric_keys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_groups" ADD CONSTRAINT "key_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_groups" ADD CONSTRAINT "key_groups_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symmetric_key_events" ADD CONSTRAINT "symmetric_key_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symmetric_key_events" ADD CONSTRAINT "symmetric_key_events_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symmetric_keys" ADD CONSTRAINT "symmetric_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symmetric_keys" ADD CONSTRAINT "symmetric_keys_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symmetric_keys" ADD CONSTRAINT "symmetric_keys_group_id_key_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."key_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "key_assignments_group_slot" ON "key_assignments" USING btree ("device_group_id","key_slot");--> statement-breakpoint
CREATE INDEX "key_assignments_key" ON "key_assignments" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "key_groups_service_name" ON "key_groups" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE INDEX "symmetric_key_events_key" ON "symmetric_key_events" USING btree ("service_id","key_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "symmetric_keys_service_name" ON "symmetric_keys" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE INDEX "symmetric_keys_service_group_name" ON "symmetric_keys" USING btree ("service_id","group_id","name");--> statement-breakpoint
ALTER TABLE key_groups ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_groups FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_groups USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE symmetric_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE symmetric_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- keydeck_may_see's rule with each setting read once per statement (an initplan), not once per row: the key list
-- at 100,000 keys reads tens of thousands of index entries, where per-row current_setting() cost five times as much.
CREATE POLICY tenant_isolation ON symmetric_keys
  USING ((SELECT coalesce(current_setting('keydeck.bypass_rls', true), '') = 'on') OR account_id = (SELECT nullif(current_setting('keydeck.account_id', true), '')::uuid))
  WITH CHECK ((SELECT coalesce(current_setting('keydeck.bypass_rls', true), '') = 'on') OR account_id = (SELECT nullif(current_setting('keydeck.account_id', true), '')::uuid));--> statement-breakpoint
-- The key list pages by name (and by group and name) and searches by a name fragment; account_id rides along for the policy.
CREATE INDEX "symmetric_keys_service_name_id" ON "symmetric_keys" USING btree ("service_id","name","id") INCLUDE ("account_id");--> statement-breakpoint
CREATE INDEX "symmetric_keys_service_group_name_id" ON "symmetric_keys" USING btree ("service_id","group_id","name","id") INCLUDE ("account_id");--> statement-breakpoint
CREATE INDEX "symmetric_keys_name_trgm" ON "symmetric_keys" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE key_assignments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_assignments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_assignments USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE symmetric_key_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE symmetric_key_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON symmetric_key_events USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "symmetric_key_events" FROM keydeck_app;
