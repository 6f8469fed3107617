CREATE TABLE "api_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"permissions" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"allowed_cidrs" text[],
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_secret_expires_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_address" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_credentials" ADD CONSTRAINT "api_credentials_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_credentials_account" ON "api_credentials" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE api_credentials ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE api_credentials FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON api_credentials USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- The principal behind an API credential's bearer token, in one statement, as keydeck_session_principal is for a
-- session: every bearer call asks it first, so revoking, expiring, disabling the owner or narrowing the owner's
-- roles takes effect on the next call. It reads across tenants for its own duration only (see 0024): the caller
-- knows only a credential id that a token signed by the server named. A live credential used from an address its
-- allowed ranges admit gets its last use refreshed when older than p_touch_seconds.
CREATE FUNCTION keydeck_credential_principal(p_id uuid, p_address text, p_touch_seconds integer)
RETURNS TABLE (
  credential_name text,
  credential_permissions text[],
  address_allowed boolean,
  user_id uuid,
  username text,
  name text,
  email text,
  platform_admin boolean,
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
    SELECT c.id, c.name, c.permissions, c.owner_user_id, c.account_id, c.last_used_at,
      c.allowed_cidrs IS NULL OR EXISTS (SELECT 1 FROM unnest(c.allowed_cidrs) r WHERE p_address::inet <<= r::inet) AS allowed
    FROM api_credentials c
    JOIN users u ON u.id = c.owner_user_id AND u.account_id = c.account_id
    JOIN accounts a ON a.id = c.account_id
    WHERE c.id = p_id
      AND c.revoked_at IS NULL
      AND c.expires_at > now()
      AND NOT u.disabled
      AND NOT a.disabled
  ), touched AS (
    UPDATE api_credentials t SET last_used_at = now(), last_used_address = p_address
    FROM live
    WHERE t.id = live.id AND live.allowed
      AND (live.last_used_at IS NULL OR live.last_used_at < now() - make_interval(secs => p_touch_seconds))
  )
  SELECT
    live.name,
    live.permissions,
    live.allowed,
    u.id,
    u.username,
    u.name,
    u.email,
    u.platform_admin,
    a.id,
    a.name,
    a.api_name,
    a.account_slug,
    a.enforce_ip,
    coalesce((SELECT array_agg(al.ip_address) FROM ip_allowlist al WHERE al.account_id = a.id), '{}'),
    coalesce((SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.permissions) AS p
      WHERE ur.user_id = u.id), '{}')
  FROM live
  JOIN users u ON u.id = live.owner_user_id
  JOIN accounts a ON a.id = live.account_id;
  PERFORM set_config('keydeck.bypass_rls', prior, true);
END;
$$;
