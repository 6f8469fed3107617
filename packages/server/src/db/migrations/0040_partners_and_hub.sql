CREATE TABLE "hub_tenancies" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"home_region" text NOT NULL,
	"support_tier" text DEFAULT 'standard' NOT NULL,
	"max_services" integer,
	"max_cloud_hsms" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"commission_percent" numeric(5, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hub_tenancies" ADD CONSTRAINT "hub_tenancies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_tenancies" ADD CONSTRAINT "hub_tenancies_home_region_service_locations_id_fk" FOREIGN KEY ("home_region") REFERENCES "public"."service_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD CONSTRAINT "partner_accounts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_accounts_partner" ON "partner_accounts" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_name" ON "partners" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE partner_accounts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE partner_accounts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON partner_accounts USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE hub_tenancies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE hub_tenancies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON hub_tenancies USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- Partners are the platform's own: platform administrators and the server's system work only.
ALTER TABLE partners ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE partners FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON partners USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
