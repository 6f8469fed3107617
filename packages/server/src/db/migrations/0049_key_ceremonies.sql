-- Split knowledge (issue 28): key custodians, the ceremony policy, key ceremonies and the record of their
-- components. No component value, nor any combination of them, is ever stored here: an open ceremony points at its
-- running combination in the keystore (partial_ref), and the row keeps nothing of it once the ceremony ends.
CREATE TABLE "key_custodians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"service_id" uuid NOT NULL REFERENCES "services"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"designated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "key_custodians_service_user" ON "key_custodians" USING btree ("service_id","user_id");--> statement-breakpoint
CREATE TABLE "key_ceremony_policies" (
	"service_id" uuid PRIMARY KEY NOT NULL REFERENCES "services"("id") ON DELETE cascade,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"opener_may_be_custodian" boolean DEFAULT false NOT NULL,
	"single_operator_entry" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "key_ceremonies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"service_id" uuid NOT NULL REFERENCES "services"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"group_name" text NOT NULL,
	"algorithm" text NOT NULL,
	"usage" text NOT NULL,
	"mode_of_use" text NOT NULL,
	"exportability" text NOT NULL,
	"version" text NOT NULL,
	"components_required" integer NOT NULL,
	"custodian_ids" uuid[] DEFAULT '{}' NOT NULL,
	"opened_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"opened_by_name" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"partial_id" uuid,
	"partial_ref" text,
	"key_id" uuid REFERENCES "symmetric_keys"("id") ON DELETE set null,
	"kcv" text,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "key_ceremonies_state" CHECK ("state" in ('open', 'completed', 'cancelled', 'expired')),
	CONSTRAINT "key_ceremonies_components" CHECK ("components_required" in (2, 3)),
	CONSTRAINT "key_ceremonies_partial_while_open" CHECK ("state" = 'open' or "partial_ref" is null)
);--> statement-breakpoint
CREATE INDEX "key_ceremonies_service" ON "key_ceremonies" USING btree ("service_id","created_at");--> statement-breakpoint
CREATE INDEX "key_ceremonies_open" ON "key_ceremonies" USING btree ("expires_at") WHERE state = 'open';--> statement-breakpoint
CREATE TABLE "key_ceremony_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"ceremony_id" uuid NOT NULL REFERENCES "key_ceremonies"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"username" text NOT NULL,
	"kcv" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "key_ceremony_components_position" ON "key_ceremony_components" USING btree ("ceremony_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "key_ceremony_components_custodian" ON "key_ceremony_components" USING btree ("ceremony_id","user_id");--> statement-breakpoint
ALTER TABLE key_custodians ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_custodians FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_custodians USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE key_ceremony_policies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_ceremony_policies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_ceremony_policies USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE key_ceremonies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_ceremonies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_ceremonies USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE key_ceremony_components ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE key_ceremony_components FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON key_ceremony_components USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- The record of who entered which component is append-only, as the audit log is (0022): the application's role
-- may not change or remove it, and the trigger holds for every role; it goes only with its ceremony's service or
-- account (the cascade, when the ceremony row is already gone).
REVOKE UPDATE, DELETE, TRUNCATE ON "key_ceremony_components" FROM keydeck_app;--> statement-breakpoint
CREATE FUNCTION keydeck_ceremony_record_append_only() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM key_ceremonies WHERE id = OLD.ceremony_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'key ceremony records are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER key_ceremony_components_append_only BEFORE UPDATE OR DELETE ON "key_ceremony_components"
  FOR EACH ROW EXECUTE FUNCTION keydeck_ceremony_record_append_only();
