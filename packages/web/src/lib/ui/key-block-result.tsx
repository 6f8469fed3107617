import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { saveFile } from '../save-file';
import { CopyValueButton } from './copy-value-button';

export interface KeyBlockFact {
  label: string;
  value: string;
  /** The fact a test or a reader looks for (the KCV). */
  testId?: string;
}

interface KeyBlockResultProps {
  keyBlock: string;
  /** What the Download button saves it as. */
  fileName: string;
  facts: KeyBlockFact[];
  onClose: () => void;
}

/**
 * A TR-31 key block the server made, with its check values, to download or copy. It is held by the dialog alone and
 * gone when the dialog closes: nothing keeps it on screen longer than the operator needs it.
 */
export function KeyBlockResult({ keyBlock, fileName, facts, onClose }: KeyBlockResultProps) {
  return (
    <Stack gap="md">
      <Alert color="info" variant="light" role="status">
        The key block is shown only while this dialog is open. Download or copy it now; closing the dialog removes it from the screen.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: Math.min(facts.length, 3) }} spacing="sm">
        {facts.map((fact) => (
          <div key={fact.label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {fact.label}
            </Text>
            <Text ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={fact.testId}>
              {fact.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} id="key-block-label">
          Key block
        </Text>
        <Code block aria-labelledby="key-block-label" data-testid="key-block" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {keyBlock}
        </Code>
      </div>
      <Group justify="flex-end" gap="sm">
        <CopyValueButton value={keyBlock} label="Copy key block" />
        <Button variant="default" onClick={() => saveFile(fileName, `${keyBlock}\n`, 'text/plain')}>
          Download
        </Button>
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
