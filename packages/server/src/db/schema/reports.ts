import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { services } from './services.ts';
import { transferServers } from './transfer.ts';

/**
 * A service's scheduled reports (spec §7 service/scheduled_reports): a CSV of the service's devices, key inventory,
 * key assignments, certificates or audit events, built daily, weekly or monthly at a time of day, or on a cron
 * expression, in the report's time zone, and delivered to one of the service's transfer
 * servers and/or mailed to up to ten recipients. next_run_at is the scheduler's claim: a process queues a due
 * report's run only by moving next_run_at on from the value it read, so each due time runs once however many
 * server processes share the database. Null while disabled.
 */
export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['devices', 'keys', 'key_assignments', 'certificates', 'audit_events'] }).notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly', 'cron'] }).notNull(),
    /** Weekly only: monday ... sunday. */
    weekday: text('weekday'),
    /** Monthly only: '1' ... '28' or 'last'. */
    dayOfMonth: text('day_of_month'),
    /** Cron only: a 5-field cron expression. */
    cron: text('cron'),
    /** Time of day in time_zone, 'HH:MM'; null for a cron schedule. */
    time: text('time'),
    /** IANA time zone name the schedule is kept in; the spec has no account time zone, so each report carries one. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** A deleted server leaves the report without it: its next run says so. */
    transferServerId: uuid('transfer_server_id').references(() => transferServers.id, { onDelete: 'set null' }),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scheduled_reports_service_name').on(t.serviceId, sql`lower(${t.name})`),
    // The scheduler's look-up: enabled reports by due time, across every account.
    index('scheduled_reports_due').on(t.nextRunAt).where(sql`${t.enabled} and ${t.nextRunAt} is not null`),
    check('scheduled_reports_weekday', sql`(${t.frequency} = 'weekly') = (${t.weekday} is not null)`),
    check('scheduled_reports_day_of_month', sql`(${t.frequency} = 'monthly') = (${t.dayOfMonth} is not null)`),
    check('scheduled_reports_cron', sql`(${t.frequency} = 'cron') = (${t.cron} is not null) and (${t.frequency} = 'cron') = (${t.time} is null)`),
    check('scheduled_reports_enabled_next_run', sql`${t.enabled} or ${t.nextRunAt} is null`),
  ],
);

/**
 * What each run of a report did: when, who or what started it, the file's rows and bytes, and per destination
 * whether it arrived and why not. A run is written once, when it ends (its id was handed out when it was
 * queued); the application role may only add runs, never change or remove one. A report's runs go with it.
 * The history's index, (report_id, started_at, id), is migration 0054's.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').notNull().references(() => services.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').notNull().references(() => scheduledReports.id, { onDelete: 'cascade' }),
    /** The report's name and kind when it ran. */
    reportName: text('report_name').notNull(),
    kind: text('kind').notNull(),
    trigger: text('trigger', { enum: ['schedule', 'operator'] }).notNull(),
    /** The operator who ran it now; null for a scheduled run. */
    triggeredBy: text('triggered_by'),
    /** A scheduled run: the due time it was claimed for. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['success', 'partial', 'failed'] }).notNull(),
    rows: integer('rows'),
    bytes: integer('bytes'),
    fileName: text('file_name'),
    /** [{ destination: 'transfer' | 'mail', target, success, message }] */
    outcomes: jsonb('outcomes').notNull().default([]),
    error: text('error'),
  },
);
