CREATE TABLE "service_allowed_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"ip_address" text NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_allowed_addresses" ADD CONSTRAINT "service_allowed_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_allowed_addresses" ADD CONSTRAINT "service_allowed_addresses_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_allowed_addresses_service_address" ON "service_allowed_addresses" USING btree ("service_id","ip_address");--> statement-breakpoint
ALTER TABLE service_allowed_addresses ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE service_allowed_addresses FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON service_allowed_addresses USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- keydeck_service_access (0020, made owner-independent in 0024) also answers the service's allowed addresses,
-- so that every service data call still reads its session, its group and the addresses it may come from in one
-- statement. The return type changes, hence DROP and CREATE rather than CREATE OR REPLACE.
DROP FUNCTION keydeck_service_access(text, uuid, uuid, integer);--> statement-breakpoint
CREATE FUNCTION keydeck_service_access(p_console_session_hash text, p_service_id uuid, p_session_id uuid, p_idle_seconds integer)
RETURNS TABLE (id uuid, service_user_id uuid, group_name text, permissions jsonb, allowed_ranges text[], service_name text)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  prior text := coalesce(current_setting('keydeck.bypass_rls', true), '');
BEGIN
  PERFORM set_config('keydeck.bypass_rls', 'on', true);
  RETURN QUERY
WITH live AS (
    SELECT ss.id, ss.service_user_id, ss.expires_at, sv.use_jwt, sv.name AS service_name
    FROM service_sessions ss
    JOIN services sv ON sv.id = ss.service_id
    WHERE ss.service_id = p_service_id
      AND ss.console_session_hash = p_console_session_hash
      AND ss.expires_at > now()
      AND sv.status = 'Enabled'
      AND sv.use_jwt = (p_session_id IS NOT NULL)
      AND (p_session_id IS NULL OR ss.id = p_session_id)
  ), slid AS (
    UPDATE service_sessions t SET expires_at = now() + make_interval(secs => p_idle_seconds)
    FROM live
    WHERE t.id = live.id AND NOT live.use_jwt
      AND live.expires_at < now() + make_interval(secs => p_idle_seconds * 0.9)
  )
  SELECT live.id, su.id, g.name, g.permissions,
    coalesce((SELECT array_agg(sa.ip_address ORDER BY sa.ip_address) FROM service_allowed_addresses sa WHERE sa.service_id = p_service_id), '{}'),
    live.service_name
  FROM live
  JOIN service_users su ON su.id = live.service_user_id
  JOIN service_user_groups g ON g.id = su.group_id;
  PERFORM set_config('keydeck.bypass_rls', prior, true);
END
$$;
