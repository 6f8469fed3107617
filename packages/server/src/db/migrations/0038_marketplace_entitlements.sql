CREATE TABLE "marketplace_entitlement_services" (
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "marketplace_entitlement_services_account_id_service_id_pk" PRIMARY KEY("account_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "account_marketplaces" ADD COLUMN "state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_marketplaces" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "account_marketplaces" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "account_marketplaces" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "account_marketplaces" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_entitlement_services" ADD CONSTRAINT "marketplace_entitlement_services_account_id_account_marketplaces_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account_marketplaces"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_entitlement_services" ADD CONSTRAINT "marketplace_entitlement_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE marketplace_entitlement_services ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE marketplace_entitlement_services FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON marketplace_entitlement_services USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
