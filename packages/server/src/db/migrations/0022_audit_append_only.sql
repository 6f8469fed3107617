-- The audit log is append-only for the application: its role may read and insert events, never change or
-- remove them. The trigger holds for every role, the owner's included, so only someone who switches it off
-- (and leaves the keyed links to betray the rewrite) can change history. An account's events go only with the
-- account itself (offboarding's cascade).
ALTER TABLE "audit_events" ADD COLUMN "keyed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "keyed" DROP DEFAULT;--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM keydeck_app;--> statement-breakpoint
CREATE FUNCTION keydeck_audit_append_only() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.account_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit events are append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION keydeck_audit_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION keydeck_audit_append_only();
