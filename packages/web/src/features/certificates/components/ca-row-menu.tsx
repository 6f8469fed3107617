import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Fragment } from 'react';
import { Button, Menu } from '@mantine/core';
import type { CertAuthority } from '@keydeck/contract/certificates';
import { CA_DOWNLOAD_LABELS, type CaDownload } from '../api/cert-authorities.api';
import { mayParent } from './certificate-cells';

export type CaRowAction = 'details' | 'intermediate' | 'delete' | CaDownload;

type Item = { action: CaRowAction; label: string; danger?: boolean };

/** What can be done to one CA, in groups: look and download at View; create a CA under it and delete at Modify. */
function caActions(ca: CertAuthority, canModify: boolean): Item[][] {
  const changes: Item[] = canModify
    ? [...(mayParent(ca) ? [{ action: 'intermediate' as const, label: 'Create intermediate CA under it…' }] : []), { action: 'delete', label: 'Delete…', danger: true }]
    : [];
  const downloads: Item[] = (['certificate', 'chain', 'crl-pem', 'crl-der'] as const).map((action) => ({ action, label: CA_DOWNLOAD_LABELS[action] }));
  const groups: Item[][] = [[{ action: 'details', label: 'Details' }], downloads, changes];
  return groups.filter((group) => group.length > 0);
}

export function CaRowMenu({ ca, canModify, onAction }: { ca: CertAuthority; canModify: boolean; onAction: (action: CaRowAction) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" aria-label={`Actions for ${ca.ca_name}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {caActions(ca, canModify).map((group, index) => (
          <Fragment key={group[0]!.action}>
            {index > 0 ? <Menu.Divider /> : null}
            {group.map(({ action, label, danger }) => (
              <Menu.Item key={action} color={danger ? 'error' : undefined} onClick={() => onAction(action)}>
                {label}
              </Menu.Item>
            ))}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
