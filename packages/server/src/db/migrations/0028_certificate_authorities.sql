CREATE TABLE "certificate_authorities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"serial" text NOT NULL,
	"key_algorithm" text NOT NULL,
	"keystore" text NOT NULL,
	"key_ref" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"sha256_fingerprint" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"path_length" integer,
	"key_usage" text NOT NULL,
	"crl_number" integer DEFAULT 0 NOT NULL,
	"crl_pem" text,
	"crl_this_update" timestamp with time zone,
	"crl_next_update" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"ca_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"subject" text NOT NULL,
	"sans" text DEFAULT '' NOT NULL,
	"key_algorithm" text NOT NULL,
	"extended_key_usage" text DEFAULT '' NOT NULL,
	"certificate_pem" text NOT NULL,
	"sha256_fingerprint" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revocation_reason" text,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_authorities" ADD CONSTRAINT "certificate_authorities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_authorities" ADD CONSTRAINT "certificate_authorities_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_authorities" ADD CONSTRAINT "certificate_authorities_parent_id_certificate_authorities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."certificate_authorities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_ca_id_certificate_authorities_id_fk" FOREIGN KEY ("ca_id") REFERENCES "public"."certificate_authorities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_authorities_service_name" ON "certificate_authorities" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE INDEX "certificate_authorities_parent" ON "certificate_authorities" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_service_serial" ON "issued_certificates" USING btree ("service_id","serial");--> statement-breakpoint
CREATE INDEX "issued_certificates_ca" ON "issued_certificates" USING btree ("ca_id","not_after");--> statement-breakpoint
CREATE INDEX "issued_certificates_service_subject" ON "issued_certificates" USING btree ("service_id","subject");--> statement-breakpoint
ALTER TABLE certificate_authorities ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE certificate_authorities FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON certificate_authorities USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE issued_certificates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE issued_certificates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON issued_certificates USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
