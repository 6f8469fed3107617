-- A built-in provisioner whose server stops in order says so at once (stopped_at), instead of looking up for the
-- minute its last heartbeat stays fresh: no HSM is placed on a machine that is going away, and the console shows it
-- Down. A heartbeat after it (a restart, or another server process of the same machine) brings it back. Expand only.
ALTER TABLE "provisioners" ADD COLUMN "stopped_at" timestamp with time zone;
