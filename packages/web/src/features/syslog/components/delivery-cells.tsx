import '@mantine/core/styles/Badge.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { SyslogConfig } from '@keydeck/contract/syslog';
import { formatDateTime } from '../../../lib/datetime';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
/** Retries are mostly seconds to minutes away: today's shows the time of day only. */
function formatTime(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? timeFormat.format(date) : formatDateTime(iso);
}

type Delivery = SyslogConfig['delivery'];

const STATE: Record<Delivery['state'], { color: string; label: string }> = {
  ok: { color: 'success', label: 'Delivering' },
  failing: { color: 'error', label: 'Failing' },
  disabled: { color: 'secondary', label: 'Disabled' },
};

/** The delivery state as a badge, with the retry time while failing. */
export function DeliveryState({ delivery }: { delivery: Delivery }) {
  const state = STATE[delivery.state];
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="dot" color={state.color}>
        {state.label}
      </Badge>
      {delivery.state === 'failing' && delivery.next_attempt_at ? (
        <Text size="xs" c="dimmed">
          {delivery.consecutive_failures} {delivery.consecutive_failures === 1 ? 'failure' : 'failures'} · next try{' '}
          {formatTime(delivery.next_attempt_at)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Lag: audit events not yet delivered. */
export function DeliveryLag({ delivery }: { delivery: Delivery }) {
  return (
    <Text size="xs" c={delivery.lag > 0 && delivery.state === 'failing' ? 'var(--mantine-color-error)' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {delivery.lag === 0 ? 'Up to date' : `${delivery.lag} ${delivery.lag === 1 ? 'event' : 'events'} behind`}
    </Text>
  );
}

export function LastDelivered({ delivery }: { delivery: Delivery }) {
  if (!delivery.last_delivered_at) return <Text size="sm" c="dimmed">Never</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(delivery.last_delivered_at)}
      </Text>
      {delivery.last_delivered_event_id !== null ? (
        <Text size="xs" c="dimmed">
          Event #{delivery.last_delivered_event_id}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The last delivery error in red, with when it happened. */
export function LastError({ delivery }: { delivery: Delivery }) {
  if (!delivery.last_error) return <Text size="sm" c="dimmed">None</Text>;
  return (
    <Stack gap={0} miw={180} maw={280}>
      <Text size="sm" c="var(--mantine-color-error)" style={{ overflowWrap: 'anywhere' }} data-testid="last-error">
        {delivery.last_error}
      </Text>
      {delivery.last_error_at ? (
        <Text size="xs" c="dimmed">
          {formatDateTime(delivery.last_error_at)}
        </Text>
      ) : null}
    </Stack>
  );
}
