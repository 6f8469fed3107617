import { formatRunIn } from './schedule-preview';

const formats = new Map<string, (at: Date) => string>();

/**
 * An instant as the clock in a zone shows it, the zone named: 'Tue, 3 Mar 2099, 02:30 Europe/Berlin'. Every time
 * of a report is told in the report's zone, as its schedule is, so the two read alike side by side.
 */
export function formatInZone(iso: string, zone: string): string {
  let format = formats.get(zone);
  if (!format) formats.set(zone, (format = formatRunIn(zone)));
  return `${format(new Date(iso))} ${zone}`;
}

/** The same instant on the user's own clock, its zone named too (the title beside a report's time). */
export const formatInOwnZone = (iso: string) => `Your time: ${formatInZone(iso, Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
