CREATE TABLE "identity_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text,
	"scopes" text NOT NULL,
	"claim" text NOT NULL,
	"user_field" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_user_field" CHECK ("identity_providers"."user_field" in ('email', 'username'))
);
--> statement-breakpoint
CREATE TABLE "openid_login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"continue_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "openid_login_states" ADD CONSTRAINT "openid_login_states_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "openid_login_states" ADD CONSTRAINT "openid_login_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_providers_account" ON "identity_providers" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE identity_providers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE identity_providers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON identity_providers USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE openid_login_states ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE openid_login_states FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON openid_login_states USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
