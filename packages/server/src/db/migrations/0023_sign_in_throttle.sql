-- Sign-in throttling without lock-outs (issue 10): waits per username and source address, and per username
-- from unfamiliar addresses; addresses a user signed in from pass the latter.
DROP TABLE "login_throttle";--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"username" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_throttle_username_source_pk" PRIMARY KEY("username","source")
);--> statement-breakpoint
CREATE TABLE "sign_in_sources" (
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_sources_user_id_address_pk" PRIMARY KEY("user_id","address")
);--> statement-breakpoint
ALTER TABLE "sign_in_sources" ADD CONSTRAINT "sign_in_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
