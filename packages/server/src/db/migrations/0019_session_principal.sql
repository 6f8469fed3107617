-- The principal behind a session, in one statement: every API request asks this first, and one round trip
-- instead of a transaction of four is most of its cost on embedded PGlite.
-- The function sees every tenant's sessions (bypass_rls for its own duration only; see 0024): it is the
-- sign-in look-up, keyed by the SHA-256 of a 256-bit session id that only the session's holder knows.
-- A live session (not past its absolute expiry nor idle too long, user and account enabled) gets its
-- last-seen refreshed when older than p_touch_seconds, so a busy session does not write on every request.
CREATE FUNCTION keydeck_session_principal(p_id_hash text, p_idle_seconds integer, p_touch_seconds integer)
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
LANGUAGE sql VOLATILE
AS $$
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
  JOIN accounts a ON a.id = live.account_id
$$;
