-- Issue 31: a script (an API credential, or an OAuth client acting for a user) opens a service session of its own,
-- with the checks a person's login has. It has no console session to hang it on, so a session is held either by a
-- console session (console_session_hash) or by a delegate (delegate_key: "credential:<id>", "oauth_grant:<grant
-- id>", "oauth_client:<id>"), stable across the delegate's short-lived tokens. Expand only: the console path, its
-- unique index and keydeck_service_session are unchanged.
ALTER TABLE "service_sessions" ALTER COLUMN "console_session_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD COLUMN "delegate_key" text;--> statement-breakpoint
ALTER TABLE "service_sessions" ADD CONSTRAINT "service_sessions_one_holder" CHECK (("console_session_hash" IS NULL) <> ("delegate_key" IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "service_sessions_delegate_service" ON "service_sessions" USING btree ("delegate_key","service_id");--> statement-breakpoint
-- A delegate's current service (PUT service/services), as sessions.current_service_id is a person's.
CREATE TABLE "delegate_current_services" (
	"delegate_key" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"service_id" uuid NOT NULL REFERENCES "services"("id") ON DELETE cascade,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "delegate_current_services_service" ON "delegate_current_services" USING btree ("service_id");--> statement-breakpoint
ALTER TABLE delegate_current_services ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE delegate_current_services FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON delegate_current_services USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- keydeck_service_session for a delegate: its session on the service wanted, else on its current service, in the
-- caller's account; never a JWT service's (the delegate's own token holds the Authorization header). Answers the
-- service's id too, since the caller may not know its current service.
CREATE FUNCTION keydeck_delegate_service_session(p_delegate_key text, p_account_id uuid, p_service_id uuid, p_idle_seconds integer)
RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  prior text := coalesce(current_setting('keydeck.bypass_rls', true), '');
  wanted uuid := p_service_id;
  access json;
BEGIN
  PERFORM set_config('keydeck.bypass_rls', 'on', true);
  IF wanted IS NULL THEN
    SELECT dc.service_id INTO wanted FROM delegate_current_services dc WHERE dc.delegate_key = p_delegate_key AND dc.account_id = p_account_id;
  END IF;
  SELECT json_build_object(
    'id', ss.id,
    'service_id', ss.service_id,
    'service_user_id', su.id,
    'group_name', g.name,
    'permissions', g.permissions,
    'allowed_ranges', coalesce((SELECT array_agg(sa.ip_address ORDER BY sa.ip_address) FROM service_allowed_addresses sa WHERE sa.service_id = wanted), '{}'),
    'service_name', sv.name,
    'slide_due', ss.expires_at < now() + make_interval(secs => p_idle_seconds * 0.9))
  INTO access
  FROM service_sessions ss
  JOIN services sv ON sv.id = ss.service_id
  JOIN service_users su ON su.id = ss.service_user_id
  JOIN service_user_groups g ON g.id = su.group_id
  WHERE ss.service_id = wanted
    AND ss.delegate_key = p_delegate_key
    AND ss.account_id = p_account_id
    AND ss.expires_at > now()
    AND sv.status = 'Enabled'
    AND NOT sv.use_jwt;
  PERFORM set_config('keydeck.bypass_rls', prior, true);
  RETURN access;
END
$$;
