import type { OnboardingStep, SolutionService } from '@keydeck/contract/solutions';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** A run's step as stored: since is when a waiting step began waiting (its bound counts from there). */
export type StoredStep = OnboardingStep & { since?: string };

/**
 * Solutions: the platform's packaged sets of services (each with its key groups and device models), defined by
 * platform administrators and visible to them only. Names are unique ignoring case.
 */
export const solutions = pgTable(
  'solutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    services: jsonb('services').$type<SolutionService[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('solutions_name').on(sql`lower(${t.name})`)],
);

/**
 * One onboarding of a solution onto an account. The services it creates are copied in when it is queued, so
 * editing the solution meanwhile changes nothing it does; its steps record its progress, one transaction each.
 * At most one run of a solution is in flight per account.
 */
export const solutionRuns = pgTable(
  'solution_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    solutionId: uuid('solution_id').notNull().references(() => solutions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    services: jsonb('services').$type<SolutionService[]>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull().default('queued'),
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    error: text('error'),
    /** Failed job attempts so far; the queue's last one fails the run with its error. */
    failures: integer('failures').notNull().default(0),
    startedBy: text('started_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('solution_runs_account').on(t.accountId, t.createdAt),
    uniqueIndex('solution_runs_in_flight').on(t.solutionId, t.accountId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
