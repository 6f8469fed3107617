CREATE TABLE "cloud_hsm_health" (
	"cloud_hsm_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"sampled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reachable" boolean NOT NULL,
	"sessions" integer,
	"max_sessions" bigint,
	"free_memory" bigint,
	"total_memory" bigint,
	"objects" integer,
	"error" text,
	CONSTRAINT "cloud_hsm_health_cloud_hsm_id_sampled_at_pk" PRIMARY KEY("cloud_hsm_id","sampled_at")
);
--> statement-breakpoint
CREATE TABLE "cloud_hsm_ports" (
	"port" integer PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"cloud_hsm_id" uuid NOT NULL,
	"purpose" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_hsms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"blueprint_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"status" text NOT NULL,
	"step" text DEFAULT 'requested' NOT NULL,
	"provisioner_id" uuid,
	"address" "inet",
	"token_label" text NOT NULL,
	"partition_ref" text,
	"token_serial" text,
	"so_pin_sealed" text,
	"user_pin_sealed" text,
	"pins_shown_at" timestamp with time zone,
	"failure" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provisioned_at" timestamp with time zone,
	"deprovisioned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_members" (
	"cluster_id" uuid NOT NULL,
	"cloud_hsm_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'Joining' NOT NULL,
	"keys" integer DEFAULT 0 NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cluster_members_cluster_id_cloud_hsm_id_pk" PRIMARY KEY("cluster_id","cloud_hsm_id"),
	CONSTRAINT "cluster_members_keys" CHECK ("cluster_members"."keys" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cluster_key_sealed" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provisioning_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cloud_hsm_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "blueprints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"partitions" integer DEFAULT 1 NOT NULL,
	"ports" integer DEFAULT 1 NOT NULL,
	"policies" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provisioner_group_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blueprints_sizes" CHECK ("blueprints"."partitions" between 1 and 100 and "blueprints"."ports" between 1 and 16)
);
--> statement-breakpoint
CREATE TABLE "datacenters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"location" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"datacenter_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	"address" "inet" NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipam_allocations" (
	"address" "inet" PRIMARY KEY NOT NULL,
	"pool_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"cloud_hsm_id" uuid NOT NULL,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipam_pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"cidr" "cidr" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipam_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"datacenter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model" text NOT NULL,
	"reference" text NOT NULL,
	"seats" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_licenses_valid" CHECK ("product_licenses"."seats" > 0 and "product_licenses"."valid_until" >= "product_licenses"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "provisioner_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"zone_id" uuid NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provisioners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"group_id" uuid,
	"kind" text NOT NULL,
	"host" text NOT NULL,
	"capacity" integer NOT NULL,
	"draining" boolean DEFAULT false NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provisioners_capacity" CHECK ("provisioners"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cloud_hsm_health" ADD CONSTRAINT "cloud_hsm_health_cloud_hsm_id_cloud_hsms_id_fk" FOREIGN KEY ("cloud_hsm_id") REFERENCES "public"."cloud_hsms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsm_health" ADD CONSTRAINT "cloud_hsm_health_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsm_ports" ADD CONSTRAINT "cloud_hsm_ports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsm_ports" ADD CONSTRAINT "cloud_hsm_ports_cloud_hsm_id_cloud_hsms_id_fk" FOREIGN KEY ("cloud_hsm_id") REFERENCES "public"."cloud_hsms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsms" ADD CONSTRAINT "cloud_hsms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsms" ADD CONSTRAINT "cloud_hsms_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsms" ADD CONSTRAINT "cloud_hsms_blueprint_id_blueprints_id_fk" FOREIGN KEY ("blueprint_id") REFERENCES "public"."blueprints"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsms" ADD CONSTRAINT "cloud_hsms_zone_id_ipam_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."ipam_zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsms" ADD CONSTRAINT "cloud_hsms_provisioner_id_provisioners_id_fk" FOREIGN KEY ("provisioner_id") REFERENCES "public"."provisioners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_hsms" ADD CONSTRAINT "cloud_hsms_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_members" ADD CONSTRAINT "cluster_members_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_members" ADD CONSTRAINT "cluster_members_cloud_hsm_id_cloud_hsms_id_fk" FOREIGN KEY ("cloud_hsm_id") REFERENCES "public"."cloud_hsms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_members" ADD CONSTRAINT "cluster_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_runs" ADD CONSTRAINT "provisioning_runs_cloud_hsm_id_cloud_hsms_id_fk" FOREIGN KEY ("cloud_hsm_id") REFERENCES "public"."cloud_hsms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_runs" ADD CONSTRAINT "provisioning_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blueprints" ADD CONSTRAINT "blueprints_provisioner_group_id_provisioner_groups_id_fk" FOREIGN KEY ("provisioner_group_id") REFERENCES "public"."provisioner_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_servers" ADD CONSTRAINT "global_servers_datacenter_id_datacenters_id_fk" FOREIGN KEY ("datacenter_id") REFERENCES "public"."datacenters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_allocations" ADD CONSTRAINT "ipam_allocations_pool_id_ipam_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."ipam_pools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_pools" ADD CONSTRAINT "ipam_pools_zone_id_ipam_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."ipam_zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipam_zones" ADD CONSTRAINT "ipam_zones_datacenter_id_datacenters_id_fk" FOREIGN KEY ("datacenter_id") REFERENCES "public"."datacenters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioner_groups" ADD CONSTRAINT "provisioner_groups_zone_id_ipam_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."ipam_zones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioners" ADD CONSTRAINT "provisioners_group_id_provisioner_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."provisioner_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_hsm_ports_hsm" ON "cloud_hsm_ports" USING btree ("cloud_hsm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_hsms_service_name" ON "cloud_hsms" USING btree ("service_id",lower("name")) WHERE "cloud_hsms"."status" <> 'Deprovisioned';--> statement-breakpoint
CREATE INDEX "cloud_hsms_account_status" ON "cloud_hsms" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "cloud_hsms_provisioner" ON "cloud_hsms" USING btree ("provisioner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_members_hsm" ON "cluster_members" USING btree ("cloud_hsm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_service_name" ON "clusters" USING btree ("service_id",lower("name"));--> statement-breakpoint
CREATE INDEX "provisioning_runs_hsm" ON "provisioning_runs" USING btree ("cloud_hsm_id");--> statement-breakpoint
CREATE INDEX "provisioning_runs_queued" ON "provisioning_runs" USING btree ("queued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "blueprints_name" ON "blueprints" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "datacenters_name" ON "datacenters" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "datacenters_code" ON "datacenters" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "global_servers_hostname" ON "global_servers" USING btree (lower("hostname"));--> statement-breakpoint
CREATE INDEX "global_servers_datacenter" ON "global_servers" USING btree ("datacenter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ipam_allocations_cloud_hsm" ON "ipam_allocations" USING btree ("cloud_hsm_id");--> statement-breakpoint
CREATE INDEX "ipam_allocations_pool" ON "ipam_allocations" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "ipam_pools_zone" ON "ipam_pools" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ipam_zones_name" ON "ipam_zones" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_licenses_model" ON "product_licenses" USING btree ("model");--> statement-breakpoint
CREATE UNIQUE INDEX "provisioner_groups_name" ON "provisioner_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "provisioners_name" ON "provisioners" USING btree ("name");--> statement-breakpoint
ALTER TABLE ipam_pools ADD CONSTRAINT ipam_pools_no_overlap EXCLUDE USING gist (cidr inet_ops WITH &&);
--> statement-breakpoint
ALTER TABLE cloud_hsms ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE cloud_hsms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON cloud_hsms USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE cloud_hsm_ports ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE cloud_hsm_ports FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON cloud_hsm_ports USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE cloud_hsm_health ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE cloud_hsm_health FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON cloud_hsm_health USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE provisioning_runs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE provisioning_runs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON provisioning_runs USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE clusters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE clusters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON clusters USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE cluster_members ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE cluster_members FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON cluster_members USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE ipam_allocations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ipam_allocations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON ipam_allocations USING (keydeck_may_see(account_id)) WITH CHECK (keydeck_may_see(account_id));
--> statement-breakpoint
ALTER TABLE global_servers ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE global_servers FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON global_servers USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
--> statement-breakpoint
ALTER TABLE ipam_pools ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ipam_pools FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON ipam_pools USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
--> statement-breakpoint
ALTER TABLE provisioners ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE provisioners FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON provisioners USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
--> statement-breakpoint
ALTER TABLE product_licenses ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE product_licenses FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY platform_only ON product_licenses USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
--> statement-breakpoint
ALTER TABLE datacenters ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE datacenters FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Customers read what they request cloud HSMs from; only the platform changes it.
CREATE POLICY everyone_reads ON datacenters FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY platform_writes ON datacenters USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
--> statement-breakpoint
ALTER TABLE ipam_zones ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE ipam_zones FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Customers read what they request cloud HSMs from; only the platform changes it.
CREATE POLICY everyone_reads ON ipam_zones FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY platform_writes ON ipam_zones USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
--> statement-breakpoint
ALTER TABLE provisioner_groups ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE provisioner_groups FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Customers read what they request cloud HSMs from; only the platform changes it.
CREATE POLICY everyone_reads ON provisioner_groups FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY platform_writes ON provisioner_groups USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
--> statement-breakpoint
ALTER TABLE blueprints ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE blueprints FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Customers read what they request cloud HSMs from; only the platform changes it.
CREATE POLICY everyone_reads ON blueprints FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY platform_writes ON blueprints USING (keydeck_may_see(NULL)) WITH CHECK (keydeck_may_see(NULL));
