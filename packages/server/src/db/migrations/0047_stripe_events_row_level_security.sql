-- stripe_events carries the account an event concerned: like every table with an account id it gets the tenant wall
-- (row-level security, forced, with the tenant policy). The webhook that writes it runs in the system scope.
ALTER TABLE stripe_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE stripe_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON stripe_events USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
