import '@mantine/core/styles/Code.css';
import { Code, Stack, Text } from '@mantine/core';
import type { ApprovalRequest } from '@keydeck/contract/approvals';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The call exactly as it was asked, which is what an approval binds: method and path, query, and body. */
export function ApprovalCall({ call }: { call: ApprovalRequest['call'] }) {
  const hasQuery = Object.keys(call.query).length > 0;
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="approval-call-label">
        Call
      </Text>
      <Code data-testid="approval-call-line" style={{ overflowWrap: 'anywhere' }}>
        {call.method} {call.path}
      </Code>
      {hasQuery ? (
        <Code block aria-label="Query" data-testid="approval-call-query">
          {json(call.query)}
        </Code>
      ) : null}
      {call.body === null || call.body === undefined ? null : (
        <Code block aria-labelledby="approval-call-label" data-testid="approval-call-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {json(call.body)}
        </Code>
      )}
    </Stack>
  );
}
