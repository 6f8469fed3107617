-- A service data call reads its service session in the statement that reads its principal (session-store.ts), before
-- the pipeline's checks have passed: the read no longer slides the idle expiry, it says whether a slide is due
-- (slide_due), and the pipeline slides once every check has passed, so a refused call slides nothing. What it checks
-- and reads is otherwise unchanged (0030 and 0041).
DROP FUNCTION keydeck_service_access(text, uuid, uuid, integer);--> statement-breakpoint
CREATE FUNCTION keydeck_service_session(p_console_session_hash text, p_service_id uuid, p_session_id uuid, p_idle_seconds integer)
RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  prior text := coalesce(current_setting('keydeck.bypass_rls', true), '');
  access json;
BEGIN
  PERFORM set_config('keydeck.bypass_rls', 'on', true);
  SELECT json_build_object(
    'id', ss.id,
    'service_user_id', su.id,
    'group_name', g.name,
    'permissions', g.permissions,
    'allowed_ranges', coalesce((SELECT array_agg(sa.ip_address ORDER BY sa.ip_address) FROM service_allowed_addresses sa WHERE sa.service_id = p_service_id), '{}'),
    'service_name', sv.name,
    -- Slid once a tenth of the idle timeout has passed; a JWT session ends when its token does.
    'slide_due', NOT sv.use_jwt AND ss.expires_at < now() + make_interval(secs => p_idle_seconds * 0.9))
  INTO access
  FROM service_sessions ss
  JOIN services sv ON sv.id = ss.service_id
  JOIN service_users su ON su.id = ss.service_user_id
  JOIN service_user_groups g ON g.id = su.group_id
  WHERE ss.service_id = p_service_id
    AND ss.console_session_hash = p_console_session_hash
    AND ss.expires_at > now()
    AND sv.status = 'Enabled'
    AND sv.use_jwt = (p_session_id IS NOT NULL)
    AND (p_session_id IS NULL OR ss.id = p_session_id);
  PERFORM set_config('keydeck.bypass_rls', prior, true);
  RETURN access;
END
$$;
