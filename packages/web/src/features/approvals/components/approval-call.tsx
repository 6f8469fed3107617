import '@mantine/core/styles/Code.css';
import { Code, Stack, Text } from '@mantine/core';
import type { ApprovalRequest } from '@keydeck/contract/approvals';

const json = (value: unknown) => JSON.stringify(value, null, 2);

function Caption({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
      {children}
    </Text>
  );
}

/** The call exactly as it was asked, which is what an approval binds: method and path, query, and body. */
export function ApprovalCall({ call }: { call: ApprovalRequest['call'] }) {
  return (
    <Stack gap={6}>
      <Caption>Call</Caption>
      <Code data-testid="approval-call-line" style={{ overflowWrap: 'anywhere' }}>
        {call.method} {call.path}
      </Code>
      {Object.keys(call.query).length > 0 ? (
        <>
          <Caption>Query</Caption>
          <Code block data-testid="approval-call-query">
            {json(call.query)}
          </Code>
        </>
      ) : null}
      {call.body === null || call.body === undefined ? null : (
        <>
          <Caption>Body</Caption>
          <Code block data-testid="approval-call-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {json(call.body)}
          </Code>
        </>
      )}
    </Stack>
  );
}
