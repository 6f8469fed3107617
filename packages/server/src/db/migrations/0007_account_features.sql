CREATE TABLE "account_features" (
	"account_id" uuid NOT NULL,
	"feature_name" text NOT NULL,
	"feature_value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_features_account_id_feature_name_pk" PRIMARY KEY("account_id","feature_name")
);
--> statement-breakpoint
ALTER TABLE "account_features" ADD CONSTRAINT "account_features_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE account_features ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE account_features FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON account_features USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
