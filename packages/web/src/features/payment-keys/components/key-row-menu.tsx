import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Menu } from '@mantine/core';
import type { SymmetricKey } from '@keydeck/contract/payment-keys';
import type { KeyAction } from '../api/symmetric-keys.api';

export type KeyRowAction = KeyAction | 'export' | 'delete' | 'details';

/** What can be done to one key in its state: a retired key can only be looked at or deleted. */
export function keyActions(key: SymmetricKey): { action: KeyRowAction; label: string; danger?: boolean }[] {
  const live = key.state !== 'retired';
  return [
    { action: 'details' as const, label: 'Details and history' },
    ...(key.state === 'active' && key.exportability !== 'N' ? [{ action: 'export' as const, label: 'Export as TR-31…' }] : []),
    ...(key.state === 'disabled' ? [{ action: 'activate' as const, label: 'Activate…' }] : []),
    ...(key.state === 'active' ? [{ action: 'disable' as const, label: 'Disable…' }] : []),
    ...(live && key.origin === 'generated' ? [{ action: 'rotate' as const, label: 'Rotate…' }] : []),
    ...(live ? [{ action: 'retire' as const, label: 'Retire…', danger: true }] : []),
    { action: 'delete' as const, label: 'Delete…', danger: true },
  ];
}

export function KeyRowMenu({ keyRow, onAction }: { keyRow: SymmetricKey; onAction: (action: KeyRowAction) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" aria-label={`Actions for ${keyRow.name}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {keyActions(keyRow).map(({ action, label, danger }) => (
          <Menu.Item key={action} color={danger ? 'error' : undefined} onClick={() => onAction(action)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
