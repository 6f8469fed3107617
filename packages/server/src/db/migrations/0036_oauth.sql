CREATE TABLE "oauth_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"redirect_uris" text[] NOT NULL,
	"grant_types" text[] NOT NULL,
	"scopes" text[] NOT NULL,
	"sealed_secret" text,
	"secret_rotated_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_payloads" (
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"account_id" text,
	"client_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_payloads_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "oauth_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"sealed_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generation" integer NOT NULL,
	CONSTRAINT "oauth_signing_keys_generation_unique" UNIQUE("generation")
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_account_name" ON "oauth_clients" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "oauth_payloads_grant" ON "oauth_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_payloads_uid" ON "oauth_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oauth_payloads_user" ON "oauth_payloads" USING btree ("kind","account_id");--> statement-breakpoint
CREATE INDEX "oauth_payloads_client" ON "oauth_payloads" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oauth_payloads_expires" ON "oauth_payloads" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE oauth_clients ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE oauth_clients FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON oauth_clients USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
-- The principal behind an OAuth access token (opaque, issued by oidc-provider), in one statement as
-- keydeck_credential_principal is for an API credential: the user who consented (authorization code) or the
-- client's owner (client credentials), with the token's scopes. The token is looked up by its SHA-256 (the adapter
-- stores no bearer value); a token of a deleted client, a disabled user or account, or for another audience is none.
CREATE FUNCTION keydeck_oauth_principal(p_token_hash text, p_audience text)
RETURNS TABLE (
  client_id uuid,
  client_name text,
  scopes text[],
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
    SELECT c.id, c.name,
      string_to_array(coalesce(t.payload->>'scope', ''), ' ') AS scopes,
      CASE WHEN t.kind = 'AccessToken' THEN t.account_id::uuid ELSE c.owner_user_id END AS user_id
    FROM oauth_payloads t
    JOIN oauth_clients c ON c.id::text = t.client_id
    WHERE t.kind IN ('AccessToken', 'ClientCredentials')
      AND t.id = p_token_hash
      AND t.expires_at > now()
      AND t.consumed_at IS NULL
      AND t.payload->>'aud' = p_audience
  )
  SELECT
    live.id,
    live.name,
    live.scopes,
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
  JOIN users u ON u.id = live.user_id
  JOIN accounts a ON a.id = u.account_id
  WHERE NOT u.disabled AND NOT a.disabled;
  PERFORM set_config('keydeck.bypass_rls', prior, true);
END;
$$;
