import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { saveFile } from '../../../lib/save-file';
import { CopyValueButton } from '../../../lib/ui/copy-value-button';

function downloadCodes(codes: string[]): void {
  const text = ['Keydeck recovery codes: each works once, in place of your second factor.', '', ...codes, ''].join('\n');
  saveFile('keydeck-recovery-codes.txt', text, 'text/plain');
}

/** Ten recovery codes, shown this once: copy or download them before leaving. */
export function RecoveryCodesView({ codes }: { codes: string[] }) {
  return (
    <Stack gap="sm">
      <Alert color="warning" variant="light">
        <Text size="sm" fw={700}>
          Save your recovery codes now
        </Text>
        <Text size="sm">Each code signs you in once if you lose your authenticator app or security key. They are not shown again.</Text>
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4} maw={420} aria-label="Recovery codes" role="list">
        {codes.map((code) => (
          <Text key={code} ff="monospace" fw={600} size="sm" role="listitem" style={{ whiteSpace: 'nowrap' }}>
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyValueButton value={codes.join('\n')} label="Copy codes" />
        <Button variant="default" onClick={() => downloadCodes(codes)}>
          Download
        </Button>
      </Group>
    </Stack>
  );
}
