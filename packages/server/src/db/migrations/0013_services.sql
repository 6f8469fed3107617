CREATE TABLE "service_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"service_user_id" uuid NOT NULL,
	"console_session_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_user_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_name" text,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"location" text NOT NULL,
	"environment" text NOT NULL,
	"use_jwt" boolean DEFAULT false NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_status" CHECK ("services"."status" in ('Enabled', 'Disabled', 'PendingProvisioning', 'PendingApproval'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "current_service_id" uuid;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_service_user_id_service_users_id_fk" FOREIGN KEY ("service_user_id") REFERENCES "public"."service_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_console_session_hash_sessions_id_hash_fk" FOREIGN KEY ("console_session_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_groups" ADD CONSTRAINT "service_user_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_user_groups" ADD CONSTRAINT "service_user_groups_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_group_id_service_user_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_user_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_sessions_console_service" ON "service_sessions" USING btree ("console_session_hash","service_id");--> statement-breakpoint
CREATE INDEX "service_sessions_service" ON "service_sessions" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_user_groups_service_name" ON "service_user_groups" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "service_users_service_user" ON "service_users" USING btree ("service_id","user_id");--> statement-breakpoint
CREATE INDEX "service_users_group" ON "service_users" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_account_name" ON "services" USING btree ("account_id",lower("name"));--> statement-breakpoint
-- The current service is forgotten when the service is deleted (no drizzle reference: services already references sessions).
ALTER TABLE sessions ADD CONSTRAINT sessions_current_service_id_services_id_fk FOREIGN KEY (current_service_id) REFERENCES services(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE services ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE services FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON services USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE service_user_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_user_groups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_user_groups USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE service_users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_users USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE service_sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE service_sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_sessions USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
