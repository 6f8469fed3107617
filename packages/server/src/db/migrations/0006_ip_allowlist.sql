CREATE TABLE "ip_allowlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_allowlist" ADD CONSTRAINT "ip_allowlist_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_allowlist_account_address" ON "ip_allowlist" USING btree ("account_id","ip_address");--> statement-breakpoint
ALTER TABLE ip_allowlist ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE ip_allowlist FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON ip_allowlist USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
