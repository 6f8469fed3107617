import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A point in time as a user types it, for filters: an ISO instant (2026-05-01T08:00:00Z), a day (2026-05-01, its
 * start in UTC), or a time ago (30m, 12h, 7d). Answered as the ISO instant the API takes.
 */
export function instant(value: string): string {
  const ago = /^(\d+)([mhd])$/.exec(value);
  if (ago) return new Date(Date.now() - Number(ago[1]) * UNIT_MS[ago[2] as keyof typeof UNIT_MS]).toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00Z`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return value;
  throw new CliError(`Not a time: ${value} (2026-05-01T08:00:00Z, 2026-05-01, or 30m, 12h, 7d ago)`, ExitCode.usage);
}
