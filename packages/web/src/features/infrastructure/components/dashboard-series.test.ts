import { describe, expect, it } from 'vitest';
import { everyDay, formatSeconds, hasCounts } from './dashboard-series';

const NOW = new Date('2026-03-02T18:30:00Z');

describe('everyDay', () => {
  it('spans the window oldest first, ending today (UTC), across a month end', () => {
    const days = everyDay([], NOW, 5);
    expect(days.map((d) => d.day)).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(days.every((d) => d.count === 0)).toBe(true);
  });

  it('puts each count on its day, fills the days the server left out with zero and drops days outside the window', () => {
    const days = everyDay(
      [
        { day: '2026-02-27', count: 3 },
        { day: '2026-03-02', count: 1 },
        { day: '2026-01-01', count: 9 },
      ],
      NOW,
      5,
    );
    expect(days.map((d) => d.count)).toEqual([0, 3, 0, 0, 1]);
  });

  it('covers the dashboards’ 30 days by default', () => {
    expect(everyDay([], NOW)).toHaveLength(30);
  });
});

describe('hasCounts', () => {
  it('is false for no values and for zeros only: the chart shows its empty state', () => {
    expect(hasCounts([])).toBe(false);
    expect(hasCounts([0, 0])).toBe(false);
    expect(hasCounts([0, 2])).toBe(true);
  });
});

describe('formatSeconds', () => {
  it('keeps short runs apart in milliseconds and long ones in minutes', () => {
    expect([0.05, 0.1, 0.15].map(formatSeconds)).toEqual(['50 ms', '100 ms', '150 ms']);
    expect(formatSeconds(1.25)).toBe('1.3 s');
    expect(formatSeconds(42.4)).toBe('42 s');
    expect(formatSeconds(210)).toBe('3.5 min');
  });
});
