import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { SYSTEM_SCOPE, inScope } from '../../platform/tenant-scope.ts';
import { formatAuditEvent } from './rfc5424.ts';
import * as repo from './syslog.repository.ts';
import { DEFAULT_SEND_OPTIONS, sendSyslog, type SendOptions } from './syslog.transport.ts';
import { observeSyslogLag, syslogDeliveries } from '../../platform/metrics.ts';
import type { Egress } from '../../platform/egress-policy.ts';

export type DeliveryOptions = {
  /** Pause between polls when nothing was due. */
  pollMs: number;
  /** Events sent per destination per round. */
  batchSize: number;
  /** Destinations served per poll, so one poll stays bounded. */
  destinationsPerPoll: number;
  /** Back-off after the n-th failure in a row: retryBaseMs * 2^(n-1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  send: SendOptions;
};

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  pollMs: 500,
  batchSize: 100,
  destinationsPerPoll: 20,
  retryBaseMs: 500,
  retryMaxMs: 60_000,
  send: DEFAULT_SEND_OPTIONS,
};

export type SyslogDelivery = { stop(): Promise<void> };

export function retryDelay(failures: number, options: Pick<DeliveryOptions, 'retryBaseMs' | 'retryMaxMs'>): number {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.min(30, Math.max(0, failures - 1)));
}

/**
 * The delivery worker: drains the syslog outbox that the audit trigger fills. Every server process runs
 * one; a destination is leased to one process at a time (row lock, then a lease that outlives the send),
 * so events go out in order per destination. Network I/O happens between two short transactions, never
 * inside one. Delivery is at least once: a crash after sending and before recording sends the batch again.
 */
export function startSyslogDelivery(db: Db, egress: Egress, log: FastifyBaseLogger, overrides: Partial<DeliveryOptions> = {}): SyslogDelivery {
  const options = { ...DEFAULT_DELIVERY_OPTIONS, ...overrides };
  const owner = randomUUID();
  // The lease must outlive the longest send, or another process would start the same batch meanwhile.
  const leaseMs = options.send.timeoutMs * 2 + 5_000;
  const origin = { hostname: hostname(), procId: String(process.pid) };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function deliverOne(): Promise<boolean> {
    const claimed = await inScope(db, SYSTEM_SCOPE, async (tx) => {
      const destination = await repo.leaseDueDestination(tx, owner, leaseMs);
      return destination ? { destination, batch: await repo.readOutboxBatch(tx, destination.id, options.batchSize) } : null;
    });
    if (!claimed) return false;
    const { destination, batch } = claimed;
    const messages = batch.map((b) => formatAuditEvent(b.event, { ...origin, facility: destination.facility }));
    const error = await sendSyslog(destination, messages, egress, options.send).then(
      () => null,
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    await inScope(db, SYSTEM_SCOPE, async (tx) => {
      if (error === null && batch.length > 0) {
        const last = batch[batch.length - 1]!.event;
        await repo.markDelivered(tx, destination.id, owner, batch.map((b) => b.outboxId), { eventId: last.id, occurredAt: last.occurredAt });
      } else if (error !== null) {
        await repo.markFailed(tx, destination.id, owner, error, (n) => retryDelay(n, options));
      }
    });
    syslogDeliveries.inc({ outcome: error ? 'failure' : 'success' }, error ? 1 : batch.length);
    if (error) log.warn({ destination: destination.id, error }, 'syslog delivery failed; will retry');
    return true;
  }

  async function poll(): Promise<void> {
    try {
      for (let i = 0; i < options.destinationsPerPoll && !stopped; i++) {
        if (!(await deliverOne())) break;
      }
    } catch (err) {
      log.error({ err }, 'syslog delivery poll failed; will retry');
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = poll().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  schedule();
  const stopObserving = observeSyslogLag(() => inScope(db, SYSTEM_SCOPE, (tx) => repo.outboxLagSeconds(tx)));
  return {
    async stop() {
      stopObserving();
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
