ALTER TABLE "scheduled_reports" ALTER COLUMN "time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD COLUMN "day_of_month" text;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD COLUMN "cron" text;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_day_of_month" CHECK (("scheduled_reports"."frequency" = 'monthly') = ("scheduled_reports"."day_of_month" is not null));--> statement-breakpoint
ALTER TABLE "scheduled_reports" ADD CONSTRAINT "scheduled_reports_cron" CHECK (("scheduled_reports"."frequency" = 'cron') = ("scheduled_reports"."cron" is not null) and ("scheduled_reports"."frequency" = 'cron') = ("scheduled_reports"."time" is null));