CREATE TABLE "account_marketplaces" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"account_slug" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"marketplace_provider" text,
	"marketplace_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_marketplaces" ADD CONSTRAINT "account_marketplaces_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_expires" ON "registrations" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE account_marketplaces ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE account_marketplaces FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_marketplaces USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
-- A pending registration belongs to no account yet: only the server's system work (the public sign-up calls) sees it.
ALTER TABLE registrations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE registrations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON registrations USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
