import { Alert, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/datetime';

export interface TestOutcome {
  configName: string;
  delivered: boolean;
  error: string | null;
  sentAt: string;
}

/** The answer to "Send test message": green when the server took it, red with the error otherwise. */
export function SyslogTestResult({ outcome, onClose }: { outcome: TestOutcome; onClose: () => void }) {
  return (
    <Alert
      color={outcome.delivered ? 'success' : 'error'}
      variant="light"
      role="status"
      title={outcome.delivered ? 'Test message delivered' : 'Test message not delivered'}
      withCloseButton
      closeButtonLabel="Dismiss test result"
      onClose={onClose}
      data-testid="syslog-test-result"
    >
      <Text size="sm">
        {outcome.delivered
          ? `${outcome.configName} accepted the test message sent at ${formatDateTime(outcome.sentAt)}.`
          : `${outcome.configName}: ${outcome.error ?? 'the server did not accept the message'}`}
      </Text>
    </Alert>
  );
}
