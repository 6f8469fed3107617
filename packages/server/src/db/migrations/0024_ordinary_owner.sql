-- Functions that read across tenants for their own duration only used to say so with a SET clause
-- (SET keydeck.bypass_rls = 'on'); PostgreSQL 15 refuses that clause for a custom setting unless the owner is a
-- superuser, and production databases are rarely owned by one. The same guarantee, for any owner: switch the
-- setting on for the query and back to what it was before returning (an error aborts the transaction, and with
-- it any change of the setting).
CREATE OR REPLACE FUNCTION keydeck_session_principal(p_id_hash text, p_idle_seconds integer, p_touch_seconds integer)
RETURNS TABLE (
  user_id uuid,
  username text,
  name text,
  email text,
  mfa_enforced boolean,
  mfa_enabled boolean,
  platform_admin boolean,
  next_factor text,
  current_service_id uuid,
  account_id uuid,
  account_name text,
  api_name text,
  account_slug text,
  enforce_ip boolean,
  allowlist text[],
  permissions text[]
)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  prior text := coalesce(current_setting('keydeck.bypass_rls', true), '');
BEGIN
  PERFORM set_config('keydeck.bypass_rls', 'on', true);
  RETURN QUERY
WITH live AS (
    SELECT s.id_hash, s.user_id, s.account_id, s.next_factor, s.current_service_id, s.last_seen_at
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN accounts a ON a.id = s.account_id
    WHERE s.id_hash = p_id_hash
      AND s.expires_at > now()
      AND s.last_seen_at > now() - make_interval(secs => p_idle_seconds)
      AND NOT u.disabled
      AND NOT a.disabled
  ), touched AS (
    UPDATE sessions t SET last_seen_at = now()
    FROM live
    WHERE t.id_hash = live.id_hash AND live.last_seen_at < now() - make_interval(secs => p_touch_seconds)
  )
  SELECT
    u.id,
    u.username,
    u.name,
    u.email,
    -- An account that enforces MFA enforces it for every one of its users.
    u.mfa_enforced OR a.mfa_enforced,
    EXISTS (SELECT 1 FROM user_totp f WHERE f.user_id = u.id AND f.confirmed_at IS NOT NULL)
      OR EXISTS (SELECT 1 FROM security_keys k WHERE k.user_id = u.id),
    u.platform_admin,
    live.next_factor,
    live.current_service_id,
    a.id,
    a.name,
    a.api_name,
    a.account_slug,
    a.enforce_ip,
    coalesce((SELECT array_agg(al.ip_address) FROM ip_allowlist al WHERE al.account_id = a.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.permissions) AS p
      WHERE ur.user_id = u.id), '{}')
  FROM live
  JOIN users u ON u.id = live.user_id
  JOIN accounts a ON a.id = live.account_id;
  PERFORM set_config('keydeck.bypass_rls', prior, true);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION keydeck_service_access(p_console_session_hash text, p_service_id uuid, p_session_id uuid, p_idle_seconds integer)
RETURNS TABLE (id uuid, service_user_id uuid, group_name text, permissions jsonb)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  prior text := coalesce(current_setting('keydeck.bypass_rls', true), '');
BEGIN
  PERFORM set_config('keydeck.bypass_rls', 'on', true);
  RETURN QUERY
WITH live AS (
    SELECT ss.id, ss.service_user_id, ss.expires_at, sv.use_jwt
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
  SELECT live.id, su.id, g.name, g.permissions
  FROM live
  JOIN service_users su ON su.id = live.service_user_id
  JOIN service_user_groups g ON g.id = su.group_id;
  PERFORM set_config('keydeck.bypass_rls', prior, true);
END
$$;
