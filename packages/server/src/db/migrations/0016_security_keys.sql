CREATE TABLE "security_key_throttle" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "security_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"session_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_key_throttle" ADD CONSTRAINT "security_key_throttle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_key_throttle" ADD CONSTRAINT "security_key_throttle_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_keys" ADD CONSTRAINT "security_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_keys" ADD CONSTRAINT "security_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "security_keys_credential" ON "security_keys" USING btree ("credential_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_keys_user_name" ON "security_keys" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "security_keys_user" ON "security_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_session_purpose" ON "webauthn_challenges" USING btree ("session_hash","purpose");--> statement-breakpoint
ALTER TABLE security_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE security_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON security_keys USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE webauthn_challenges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webauthn_challenges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON webauthn_challenges USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE security_key_throttle ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE security_key_throttle FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON security_key_throttle USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
