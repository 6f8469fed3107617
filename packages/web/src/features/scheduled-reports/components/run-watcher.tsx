import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportRun } from '@keydeck/contract/scheduled-reports';
import { scheduledReportKeys } from '../../../lib/query-keys';
import { reportRunsQueryOptions } from '../api/scheduled-reports.api';

/** A run queued from this screen: its id (the answer of run now) and its report. */
export type QueuedRun = { runId: string; name: string; queuedAt: number };

/** How often a queued run's history is asked for, and for how long at most. */
const POLL_MS = 1_000;
const GIVE_UP_MS = 10 * 60_000;

/**
 * Watches one queued run until its outcome is in the report's history (the job queue runs it in the background),
 * then hands it over once and refreshes the list's last run and the history; after GIVE_UP_MS it hands over null.
 */
export function RunWatcher({ serviceId, queued, onDone }: { serviceId: string; queued: QueuedRun; onDone: (queued: QueuedRun, run: ReportRun | null) => void }) {
  const queryClient = useQueryClient();
  const reported = useRef(false);
  const runs = useQuery({
    ...reportRunsQueryOptions(serviceId, queued.name),
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.id === queued.runId) || Date.now() - queued.queuedAt > GIVE_UP_MS ? false : POLL_MS),
  });
  const found = runs.data?.runs.find((run) => run.id === queued.runId) ?? null;
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), Math.max(0, queued.queuedAt + GIVE_UP_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [queued.queuedAt]);

  useEffect(() => {
    if (reported.current || (!found && !expired)) return;
    reported.current = true;
    onDone(queued, found);
    // The list's last run and the open history (its own pages) both show the run now.
    void queryClient.invalidateQueries({ queryKey: scheduledReportKeys(serviceId).all });
  }, [found, expired, onDone, queued, queryClient, serviceId]);
  return null;
}
