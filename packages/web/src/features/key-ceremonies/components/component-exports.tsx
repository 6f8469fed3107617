import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { KeyComponentExport, KeyCustodian } from '@keydeck/contract/key-ceremonies';
import { DataTable } from '../../../lib/ui/data-table';
import { componentExportsQueryOptions } from '../api/component-exports.api';
import { CancelExportModal } from './cancel-export-modal';
import { exportColumns } from './export-columns';
import { ExportModal } from './export-modal';
import { OpenExportModal } from './open-export-modal';

interface ComponentExportsProps {
  serviceId: string;
  /** Exporting and cancelling need Key at Modify. */
  canModify: boolean;
  custodians: KeyCustodian[];
}

/** The reverse of a ceremony: keys exported as components, one to each named custodian, who reveals it once. */
export function ComponentExports({ serviceId, canModify, custodians }: ComponentExportsProps) {
  const exports = useQuery(componentExportsQueryOptions(serviceId));
  const [opening, setOpening] = useState(false);
  const [shownId, setShownId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<KeyComponentExport | null>(null);
  // The dialog follows the list, which refreshes while an export is open: other custodians' reveals appear.
  const shown = exports.data?.data.find((exp) => exp.id === shownId) ?? null;

  return (
    <Stack gap="xs" component="section" aria-labelledby="component-exports-heading">
      <Title order={3} fz="h4" id="component-exports-heading">
        Component exports
      </Title>
      <Text size="sm" c="dimmed">
        A key split into two or three components for loading into another HSM by hand; each custodian reveals only their own, once.
      </Text>
      <DataTable
        label="Component exports"
        columns={exportColumns((exp) => setShownId(exp.id))}
        query={exports}
        rowKey={(exp) => exp.id}
        toolbar={canModify ? <Button onClick={() => setOpening(true)}>Export as components</Button> : undefined}
        emptyText="No component exports yet"
        minWidth={820}
      />
      <OpenExportModal serviceId={serviceId} opened={opening} custodians={custodians} onClose={() => setOpening(false)} />
      <ExportModal serviceId={serviceId} exp={cancelling ? null : shown} onCancel={canModify ? setCancelling : null} onClose={() => setShownId(null)} />
      <CancelExportModal serviceId={serviceId} exp={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
