-- Whether an account's users may allow OAuth applications registered by other accounts (issue 25). New accounts
-- start refusing them; accounts that existed before keep allowing them, so running integrations go on working
-- until a platform administrator decides otherwise.
ALTER TABLE accounts ADD COLUMN other_company_oauth_clients boolean NOT NULL DEFAULT false;--> statement-breakpoint
UPDATE accounts SET other_company_oauth_clients = true;
