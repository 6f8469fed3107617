ALTER TABLE "cloud_hsm_health" ADD COLUMN "secret_keys" integer;--> statement-breakpoint
ALTER TABLE "cloud_hsm_health" ADD COLUMN "private_keys" integer;--> statement-breakpoint
ALTER TABLE "cloud_hsm_health" ADD COLUMN "public_keys" integer;--> statement-breakpoint
ALTER TABLE "cloud_hsm_health" ADD COLUMN "certificates" integer;