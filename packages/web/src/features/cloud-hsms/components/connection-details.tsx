import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Tooltip.css';
import type { ReactNode } from 'react';
import { ActionIcon, Card, Code, CopyButton, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { CloudHsmConnection, CloudHsmPort } from '@keydeck/contract/cloud-hsms';
import { CopyText } from '../../../lib/ui/copy-text';

/** A value as a POSIX shell reads it back unchanged: bare when safe, else in single quotes. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `export NAME=value` lines for the environment the module needs. */
export function environmentLines(environment: CloudHsmConnection['environment']): string[] {
  return Object.entries(environment).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
}

/**
 * pkcs11-tool listing the token's objects, with the environment on the same line, ready to paste. The PIN is left
 * out on purpose: pkcs11-tool asks for it, so it stays out of the shell's history.
 */
export function pkcs11ToolCommand(connection: CloudHsmConnection): string {
  const environment = Object.entries(connection.environment).map(([name, value]) => `${name}=${shellQuote(value)}`);
  return [...environment, 'pkcs11-tool', '--module', shellQuote(connection.module), '--token-label', shellQuote(connection.token_label), '--login', '--list-objects'].join(' ');
}

/** A long value (a path) shown with its middle left out; the copy and its tooltip hold it whole. */
export function abbreviated(value: string, max = 40): string {
  if (value.length <= max) return value;
  const tail = Math.floor(max / 2) - 2;
  return `${value.slice(0, max - tail - 1)}…${value.slice(-tail)}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0, overflowX: 'auto' }}>{children}</div>
    </Group>
  );
}

/** How a PKCS#11 application reaches the HSM; every value copies with one click. */
export function ConnectionDetails({ connection, ports }: { connection: CloudHsmConnection; ports: CloudHsmPort[] }) {
  const command = pkcs11ToolCommand(connection);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="connection-heading">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="connection-heading">
            Connection details
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Load the PKCS#11 module with this environment and select the token by its label. Log in with the user PIN.
          </Text>
        </div>
        <Fact label="PKCS#11 module">
          <CopyText value={connection.module} shown={abbreviated(connection.module)} label="PKCS#11 module path" />
        </Fact>
        <Fact label="Environment">
          <Stack gap={2}>
            {environmentLines(connection.environment).map((line) => (
              <CopyText key={line} value={line} shown={abbreviated(line)} label="environment variable line" />
            ))}
          </Stack>
        </Fact>
        <Fact label="Token label">
          <CopyText value={connection.token_label} label="token label" />
        </Fact>
        <Fact label="Slot">
          {connection.slot_id === null ? (
            <Text size="sm" c="dimmed">
              Select the token by its label
            </Text>
          ) : (
            <CopyText value={String(connection.slot_id)} label="slot" />
          )}
        </Fact>
        <Fact label="Address">
          {connection.address ? <CopyText value={connection.address} label="address" /> : <Text size="sm">Not assigned</Text>}
        </Fact>
        <Fact label="Ports">
          <Stack gap={2}>
            {ports.map((port) => (
              <Group key={port.port} gap="xs" wrap="nowrap">
                <CopyText value={String(port.port)} label={`${port.purpose} port`} />
                <Text size="xs" c="dimmed">
                  {port.purpose}
                </Text>
              </Group>
            ))}
          </Stack>
        </Fact>
        <div>
          <Group justify="space-between" gap="xs" mt="xs">
            <Text size="sm" fw={600}>
              Try it with pkcs11-tool (from OpenSC)
            </Text>
            <CopyButton value={command} timeout={1500}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the command'} withArrow>
                  <ActionIcon variant="subtle" color={copied ? 'success' : 'secondary'} onClick={copy} aria-label="Copy the pkcs11-tool command">
                    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      {copied ? <path d="M5 12l5 5L20 7" /> : <><rect x="9" y="9" width="11" height="11" rx="2" /><path d="M5 15V5a2 2 0 0 1 2-2h10" /></>}
                    </svg>
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Code block mt={4} data-testid="pkcs11-tool-command" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {command}
          </Code>
          <Text size="xs" c="dimmed" mt={4}>
            pkcs11-tool asks for the user PIN; it is left out so it does not end up in your shell history.
          </Text>
        </div>
      </Stack>
    </Card>
  );
}
