CREATE TABLE "host_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"key_type" text NOT NULL,
	"fingerprint" text NOT NULL,
	"public_key" text NOT NULL,
	"status" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfer_servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"protocol" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"username" text NOT NULL,
	"auth" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"client_public_key" text,
	"remote_directory" text NOT NULL,
	"ca_certificate" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "host_keys" ADD CONSTRAINT "host_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_keys" ADD CONSTRAINT "host_keys_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_servers" ADD CONSTRAINT "transfer_servers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_servers" ADD CONSTRAINT "transfer_servers_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "host_keys_service_endpoint_status" ON "host_keys" USING btree ("service_id","host","port","status");--> statement-breakpoint
CREATE INDEX "host_keys_service_host" ON "host_keys" USING btree ("service_id","host");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_servers_service_name" ON "transfer_servers" USING btree ("service_id",lower("name"));--> statement-breakpoint
ALTER TABLE transfer_servers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE transfer_servers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON transfer_servers USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE host_keys ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE host_keys FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON host_keys USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
