CREATE TABLE "account_allowed_flows" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"password" boolean DEFAULT true NOT NULL,
	"openid" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_allowed_flows" ADD CONSTRAINT "account_allowed_flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE account_allowed_flows ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE account_allowed_flows FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_allowed_flows USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
