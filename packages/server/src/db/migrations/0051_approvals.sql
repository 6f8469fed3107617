-- M-of-N approval of sensitive operations (issue 28): an account's policies, the calls that wait for approval (bound
-- by a digest of exactly what was asked) and each approver's decision. A request is carried out at most once.
CREATE TABLE "approval_policies" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"operation" text NOT NULL,
	"enabled" boolean NOT NULL,
	"required_approvals" integer NOT NULL,
	"approver_role_id" uuid NOT NULL REFERENCES "roles"("id") ON DELETE cascade,
	"wait_hours" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("account_id", "operation")
);--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"service_id" uuid,
	"service_name" text,
	"operation" text NOT NULL,
	"digest" text NOT NULL,
	"call" jsonb NOT NULL,
	"requested_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"requested_by_name" text NOT NULL,
	"required_approvals" integer NOT NULL,
	"approver_role_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone,
	CONSTRAINT "approval_requests_state" CHECK ("state" in ('pending', 'approved', 'executed', 'denied', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "approval_requests_account" ON "approval_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"request_id" uuid NOT NULL REFERENCES "approval_requests"("id") ON DELETE cascade,
	"approver_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"approver_name" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_decisions_decision" CHECK ("decision" in ('approve', 'deny'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "approval_decisions_once" ON "approval_decisions" USING btree ("request_id","approver_id");--> statement-breakpoint
ALTER TABLE approval_policies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE approval_policies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_policies USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE approval_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE approval_requests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_requests USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE approval_decisions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE approval_decisions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON approval_decisions USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
