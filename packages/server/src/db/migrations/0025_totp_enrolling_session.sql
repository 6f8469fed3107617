-- A pending authenticator-app enrolment remembers the session that started it: a reload of the setup page in that
-- session shows the same secret again (the one already scanned), any other session starts afresh.
ALTER TABLE "user_totp" ADD COLUMN "enrolling_session_hash" text;
