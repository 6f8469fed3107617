CREATE TABLE "port_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"start_port" integer NOT NULL,
	"end_port" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "port_ranges_valid" CHECK ("port_ranges"."start_port" between 1 and 65535 and "port_ranges"."end_port" between "port_ranges"."start_port" and 65535)
);
--> statement-breakpoint
ALTER TABLE "port_ranges" ADD CONSTRAINT "port_ranges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Overlap is refused by the service with a clear message; this constraint keeps it true under races too.
ALTER TABLE port_ranges ADD CONSTRAINT port_ranges_no_overlap EXCLUDE USING gist (int4range(start_port, end_port, '[]') WITH &&);
--> statement-breakpoint
ALTER TABLE port_ranges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE port_ranges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON port_ranges USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
