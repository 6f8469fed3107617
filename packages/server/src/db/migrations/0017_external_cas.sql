CREATE TABLE "external_cas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"has_probe_pki" boolean DEFAULT false NOT NULL,
	"object_type" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"sha256_fingerprint" text NOT NULL,
	"certificate_der" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_cas_limits" CHECK (char_length("external_cas"."name") <= 200 and char_length("external_cas"."object_type") <= 50)
);
--> statement-breakpoint
ALTER TABLE "external_cas" ADD CONSTRAINT "external_cas_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_cas" ADD CONSTRAINT "external_cas_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_cas_service_name" ON "external_cas" USING btree ("service_id",lower("name"));--> statement-breakpoint
ALTER TABLE external_cas ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE external_cas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON external_cas USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
