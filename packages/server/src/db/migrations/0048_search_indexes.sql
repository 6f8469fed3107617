-- The console's global search (issue 27): an index for each searchable column. Exact values and prefixes (a KCV, a
-- certificate's fingerprint) are compared bytewise (COLLATE "C") with text's own comparison operators, which are
-- leakproof, so row-level security lets the btree serve them. Serials already sort so (0026) and use
-- devices_service_serial. Names, e-mails, slugs and subjects are matched with ILIKE through trigram indexes, as
-- device and key search do (0026: an index serves ILIKE under row-level security where texticlike is leakproof).
CREATE INDEX "symmetric_keys_service_kcv" ON "symmetric_keys" USING btree ("service_id", "kcv" COLLATE "C");--> statement-breakpoint
CREATE INDEX "issued_certificates_service_fingerprint" ON "issued_certificates" USING btree ("service_id", "sha256_fingerprint" COLLATE "C");--> statement-breakpoint
CREATE INDEX "issued_certificates_subject_trgm" ON "issued_certificates" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_account" ON "users" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_name_trgm" ON "accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_slug_trgm" ON "accounts" USING gin ("account_slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cloud_hsms_name_trgm" ON "cloud_hsms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cloud_hsms_account_address" ON "cloud_hsms" USING btree ("account_id", "address");
