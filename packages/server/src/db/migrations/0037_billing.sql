CREATE TABLE "billing_customers" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_stripe_customer_id_unique" UNIQUE("stripe_customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"stripe_subscription_id" text,
	"payment_intent_id" text,
	"product_name" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"stripe_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"stripe_subscription_id" text NOT NULL,
	"service_id" uuid,
	"price_id" text NOT NULL,
	"product_name" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"stripe_updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" uuid,
	"created" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"summary" jsonb
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_payments_account" ON "billing_payments" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "billing_setup_intents_created" ON "billing_setup_intents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_account" ON "billing_subscriptions" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE billing_customers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE billing_customers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON billing_customers USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE billing_subscriptions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE billing_subscriptions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON billing_subscriptions USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE billing_payments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE billing_payments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON billing_payments USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));--> statement-breakpoint
ALTER TABLE billing_setup_intents ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE billing_setup_intents FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON billing_setup_intents USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
