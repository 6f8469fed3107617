-- A caller's live service session on one service, and their group's permissions, in one statement: every
-- service data call asks this first. A JWT service is reached only with its token (p_session_id is the token's
-- session), any other only without one. A session reached without a token slides its idle expiry once a tenth
-- of it has passed (a minute of the default ten), so that a busy operator does not write on every call.
-- Keyed by the console session's hash, which only its holder knows; it reads across tenants for that reason
-- alone (bypass_rls for its own duration; see 0024).
CREATE FUNCTION keydeck_service_access(p_console_session_hash text, p_service_id uuid, p_session_id uuid, p_idle_seconds integer)
RETURNS TABLE (id uuid, service_user_id uuid, group_name text, permissions jsonb)
LANGUAGE sql VOLATILE
AS $$
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
  JOIN service_user_groups g ON g.id = su.group_id
$$;
