import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Tooltip.css';
import type { ReactNode } from 'react';
import { Badge, Group, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { GLOBAL_SERVER_ROLE_LABELS, GLOBAL_SERVER_STATUS_LABELS, type GlobalServer } from '@keydeck/contract/datacenters';
import type { Provisioner } from '@keydeck/contract/provisioners';
import { LICENSE_STATUS_LABELS, type LicenseStatus } from '@keydeck/contract/licenses';
import { formatDateTime, formatTimeAgo } from '../../../lib/datetime';

/** The heading of every infrastructure screen: its title, what it is for, and its main action. */
export function PageHeader({ title, description, actions }: { title: string; description: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" mt={4} maw={760}>
          {description}
        </Text>
      </div>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}

/** Green while there is room, orange from 75 %, red from 90 %: the colour says how soon it fills. */
export function utilisationColor(percent: number): string {
  if (percent >= 90) return 'error';
  if (percent >= 75) return 'warning';
  return 'success';
}

/** A share as a bar and its figure ("3 of 10 · 30 %"); `label` names it for assistive technology. */
export function UtilisationBar({ percent, label, detail }: { percent: number; label: string; detail?: string }) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <Stack gap={4} miw={140}>
      <Progress.Root size="md">
        <Progress.Section value={shown} color={utilisationColor(percent)} aria-label={label} />
      </Progress.Root>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {detail ? `${detail} · ` : ''}
        {formatPercent(percent)}
      </Text>
    </Stack>
  );
}

/** 0 %, 0.4 %, 12 %, 99.99 %: two decimals at most, none when whole. */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2)).toLocaleString('en-US')} %`;
}

const ROLE_COLORS: Record<GlobalServer['role'], string> = { provisioner: 'primary', database: 'info', web: 'secondary', network: 'warning' };
const SERVER_STATUS_COLORS: Record<GlobalServer['status'], string> = { active: 'success', maintenance: 'warning', retired: 'secondary' };

export function ServerRoleBadge({ role }: { role: GlobalServer['role'] }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role]}>
      {GLOBAL_SERVER_ROLE_LABELS[role]}
    </Badge>
  );
}

export function ServerStatusBadge({ status }: { status: GlobalServer['status'] }) {
  return (
    <Badge variant="dot" color={SERVER_STATUS_COLORS[status]}>
      {GLOBAL_SERVER_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Up in green; Down in red, filled, so a dead provisioner stands out in a long list. */
export function ProvisionerStateBadge({ state }: { state: Provisioner['state'] }) {
  return state === 'Up' ? (
    <Badge variant="light" color="success">
      Up
    </Badge>
  ) : (
    <Badge variant="filled" color="error.9">
      Down
    </Badge>
  );
}

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="dot" color={enabled ? 'success' : 'secondary'}>
      {enabled ? 'Enabled' : 'Disabled'}
    </Badge>
  );
}

const LICENSE_STATUS_COLORS: Record<LicenseStatus, string> = { active: 'success', expired: 'error', not_yet_valid: 'info' };

export function LicenseStatusBadge({ status }: { status: LicenseStatus }) {
  return (
    <Badge variant="light" color={LICENSE_STATUS_COLORS[status]}>
      {LICENSE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "2 minutes ago", the exact time in its tooltip. */
export function TimeAgo({ iso }: { iso: string }) {
  return (
    <Tooltip label={formatDateTime(iso)} withArrow>
      <Text size="sm" component="span" tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
        {formatTimeAgo(iso)}
      </Text>
    </Tooltip>
  );
}

/** Text or a dash for nothing. */
export function OrDash({ value, mono = false }: { value: string | null | undefined; mono?: boolean }) {
  return value ? (
    <Text size="sm" ff={mono ? 'monospace' : undefined}>
      {value}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
