CREATE TABLE "syslog_destinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"protocol" text NOT NULL,
	"facility" integer DEFAULT 13 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ca_certificate" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_delivered_event_id" bigint,
	"last_delivered_event_at" timestamp with time zone,
	"last_delivered_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "syslog_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"destination_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "syslog_destinations" ADD CONSTRAINT "syslog_destinations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syslog_outbox" ADD CONSTRAINT "syslog_outbox_destination_id_syslog_destinations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."syslog_destinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syslog_outbox" ADD CONSTRAINT "syslog_outbox_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syslog_outbox" ADD CONSTRAINT "syslog_outbox_event_id_audit_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."audit_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "syslog_destinations_account_name" ON "syslog_destinations" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "syslog_destinations_due" ON "syslog_destinations" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "syslog_outbox_destination_event" ON "syslog_outbox" USING btree ("destination_id","event_id");--> statement-breakpoint
ALTER TABLE syslog_destinations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE syslog_destinations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON syslog_destinations USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE syslog_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE syslog_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON syslog_outbox USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
-- The outbox is filled in the audit event's own transaction: the event and its delivery duties commit or
-- roll back together, whichever code path wrote the event. One row per enabled destination of its account;
-- events without an account (anonymous refusals) belong to no customer and are not forwarded.
CREATE FUNCTION keydeck_syslog_enqueue() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.account_id IS NOT NULL THEN
    INSERT INTO syslog_outbox (destination_id, account_id, event_id)
    SELECT d.id, d.account_id, NEW.id FROM syslog_destinations d WHERE d.account_id = NEW.account_id AND d.enabled;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER syslog_enqueue AFTER INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION keydeck_syslog_enqueue();
