CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product" text NOT NULL,
	"quantity" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"license_key" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_license_key_unique" UNIQUE("license_key"),
	CONSTRAINT "licenses_quantity_positive" CHECK ("licenses"."quantity" >= 1),
	CONSTRAINT "licenses_valid_range" CHECK ("licenses"."valid_until" >= "licenses"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "offboarding_exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE licenses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE licenses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON licenses USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
