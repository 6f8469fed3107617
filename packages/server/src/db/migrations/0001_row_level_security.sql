-- Row-level security: the second wall behind the service layer's tenant scoping.
-- Every request's transaction runs as the unprivileged role keydeck_app and sets
--   keydeck.account_id  the acting account, and
--   keydeck.bypass_rls  'on' only for platform administrators and the server's own system work.
-- Superusers and table owners would bypass the policies, hence the role switch and FORCE.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'keydeck_app') THEN
    CREATE ROLE keydeck_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
GRANT keydeck_app TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO keydeck_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO keydeck_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO keydeck_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO keydeck_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO keydeck_app;
--> statement-breakpoint
CREATE FUNCTION keydeck_may_see(row_account uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('keydeck.bypass_rls', true), '') = 'on'
      OR row_account = nullif(current_setting('keydeck.account_id', true), '')::uuid
$$;
--> statement-breakpoint
ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE accounts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON accounts USING (keydeck_may_see(id)) WITH CHECK (keydeck_may_see(id));
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON roles USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE user_roles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_roles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_roles USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sessions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sessions USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_events USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
