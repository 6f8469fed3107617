CREATE TABLE "server_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_location" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_locations" ADD CONSTRAINT "server_locations_service_location_service_locations_id_fk" FOREIGN KEY ("service_location") REFERENCES "public"."service_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reference data: the regions services can be requested in, and their data centres.
INSERT INTO service_locations (id, name) VALUES
	('eu-central', 'EU Central (Frankfurt)'),
	('eu-west', 'EU West (Dublin)'),
	('us-east', 'US East (Virginia)'),
	('ap-southeast', 'Asia Pacific (Singapore)');
--> statement-breakpoint
INSERT INTO server_locations (id, name, service_location) VALUES
	('FRA1', 'Frankfurt 1', 'eu-central'),
	('FRA2', 'Frankfurt 2', 'eu-central'),
	('DUB1', 'Dublin 1', 'eu-west'),
	('IAD1', 'Virginia 1', 'us-east'),
	('SIN1', 'Singapore 1', 'ap-southeast');
--> statement-breakpoint
-- The job queue (pg-boss) creates its tables in this schema when the server starts. Jobs are queued inside
-- request transactions, which run as keydeck_app: it may use the tables the server's own role creates there.
CREATE SCHEMA IF NOT EXISTS pgboss;
--> statement-breakpoint
GRANT USAGE ON SCHEMA pgboss TO keydeck_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO keydeck_app;
