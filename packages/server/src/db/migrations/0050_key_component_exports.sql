-- Key component exports (issue 28): a key split into two or three components, one for each named custodian. No
-- component value is ever stored here: each component is a keystore key of its own (a sealed blob or a token
-- object), pointed at by component_ref until its custodian reveals it, the export is cancelled or it expires; then
-- the reference is nulled in the same transaction and the keystore's copy destroyed. Only KCVs remain.
CREATE TABLE "key_component_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"service_id" uuid NOT NULL REFERENCES "services"("id") ON DELETE cascade,
	"key_id" uuid REFERENCES "symmetric_keys"("id") ON DELETE set null,
	"key_name" text NOT NULL,
	"algorithm" text NOT NULL,
	"kcv" text NOT NULL,
	"custodian_ids" uuid[] NOT NULL,
	"opened_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"opened_by_name" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "key_component_exports_state" CHECK ("state" in ('open', 'completed', 'cancelled', 'expired'))
);--> statement-breakpoint
CREATE INDEX "key_component_exports_service" ON "key_component_exports" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "key_component_exports_open" ON "key_component_exports" USING btree ("expires_at") WHERE state = 'open';--> statement-breakpoint
CREATE TABLE "key_exported_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"export_id" uuid NOT NULL REFERENCES "key_component_exports"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"username" text NOT NULL,
	"kcv" text NOT NULL,
	"component_id" uuid,
	"component_ref" text,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "key_exported_components_position" CHECK ("position" in (1, 2, 3)),
	CONSTRAINT "key_exported_components_gone_when_revealed" CHECK ("revealed_at" is null or "component_ref" is null)
);--> statement-breakpoint
CREATE UNIQUE INDEX "key_exported_components_export_position" ON "key_exported_components" USING btree ("export_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "key_exported_components_custodian" ON "key_exported_components" USING btree ("export_id","user_id");--> statement-breakpoint
ALTER TABLE key_component_exports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_component_exports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_component_exports USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE key_exported_components ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_exported_components FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_exported_components USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
