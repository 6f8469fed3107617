import '@mantine/core/styles/Progress.css';
import { useEffect, useState } from 'react';
import { Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ServiceSession } from '@keydeck/contract/services';
import { serviceSessionKeys } from '../../../lib/service-session';

const secondsLeft = (expiresAt: string, now: number) => Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * How long the service session lasts without activity, counting down each second. A service call slides
 * expires_at (the session is refetched); at zero the session is asked for again and shows as ended.
 */
export function IdleCountdown({ session }: { session: ServiceSession }) {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(Date.now);
  // Clocks differ a little: never show more than the idle timeout itself.
  const left = Math.min(secondsLeft(session.expires_at, now), session.idle_timeout_seconds);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) void queryClient.invalidateQueries({ queryKey: serviceSessionKeys(session.service_id).all });
  }, [left, queryClient, session.service_id]);

  const share = session.idle_timeout_seconds > 0 ? (left / session.idle_timeout_seconds) * 100 : 0;
  return (
    <Stack gap={6}>
      <Text size="sm">
        Idle timeout in{' '}
        <Text span fw={700} ff="monospace" data-testid="idle-countdown">
          {clock(left)}
        </Text>
      </Text>
      <Progress.Root size="sm">
        <Progress.Section value={share} color={left < 60 ? 'warning' : 'primary'} aria-label="Idle time left" />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        Each action in the service starts the {Math.round(session.idle_timeout_seconds / 60)} minutes again.
      </Text>
    </Stack>
  );
}
