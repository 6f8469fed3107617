import '@mantine/core/styles/Switch.css';
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Messages } from '@keydeck/contract/messages';
import type { ExternalCa } from '@keydeck/contract/external-cas';
import type { Service } from '@keydeck/contract/services';
import { formatDate } from '../../../lib/datetime';
import { useServiceAccess } from '../../../lib/service-access';
import { showToast } from '../../../lib/toasts';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { externalCaQueryOptions, externalCasQueryOptions, useUpdateExternalCa, type ExternalCasListQuery } from '../api/external-cas.api';
import { saveFile } from '../../../lib/save-file';
import { certificateFileName, certificatePem } from './certificate-file';
import { ArchivedBadge, objectTypeName } from './external-ca-cells';
import { ExternalCaDetails } from './external-ca-details';
import { UploadExternalCaModal } from './upload-external-ca-modal';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const FIRST_PAGE: ExternalCasListQuery = { page: 1, page_size: 10, order: 'asc', order_by: 'name', unarchivedOnly: false };

/**
 * The external CAs of a cryptoverse service (spec §3, §4): the list by name with the unarchived filter, upload,
 * details, download and archive. Upload and archive need CertManage at the Modify level and are not offered without it.
 * The list state is the section's own: the page that hosts it owns the URL.
 */
export function ExternalCasSection({ service }: { service: Service }) {
  const queryClient = useQueryClient();
  const canModify = useServiceAccess(service).can('CertManage', 'Modify');
  const [list, setList] = useState<ExternalCasListQuery>(FIRST_PAGE);
  const cas = useQuery(externalCasQueryOptions(service.id, list));
  const update = useUpdateExternalCa(service.id);
  const [uploading, setUploading] = useState(false);
  const [opened, setOpened] = useState<ExternalCa | null>(null);

  const changeList = (patch: ListStatePatch) =>
    setList((current) => ({ ...current, ...patch, order_by: (patch.order_by ?? current.order_by) as ExternalCasListQuery['order_by'] }));

  // Failures are toasted centrally, in the spec's words (see api/external-ca-failures.ts).
  const toggleArchive = (ca: ExternalCa) => {
    update
      .mutateAsync({ id: ca.id, isArchived: !ca.isArchived })
      .then((changed) => showToast({ color: 'success', message: changed.isArchived ? Messages.externalCaArchived : Messages.externalCaUnarchived }))
      .catch(() => undefined);
  };
  const download = (ca: ExternalCa) => {
    queryClient
      .fetchQuery(externalCaQueryOptions(service.id, ca))
      .then((detail) => {
        saveFile(certificateFileName(detail.name), certificatePem(detail.certificateData), 'application/x-pem-file');
        showToast({ color: 'success', message: Messages.externalCaDownloaded(detail.name) });
      })
      .catch(() => undefined);
  };
  const archiving = (ca: ExternalCa) => update.isPending && update.variables?.id === ca.id;

  const columns: DataTableColumn<ExternalCa>[] = [
    {
      key: 'name',
      title: 'Name',
      sortKey: 'name',
      render: (ca) => (
        <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => setOpened(ca)}>
          {ca.name}
        </Anchor>
      ),
    },
    { key: 'type', title: 'Type', render: (ca) => <Text size="sm" style={NO_WRAP}>{objectTypeName(ca.objectType)}</Text> },
    { key: 'subject', title: 'Subject', render: (ca) => <Text size="sm" lineClamp={2}>{ca.subject}</Text> },
    { key: 'not_after', title: 'Valid until', sortKey: 'not_after', render: (ca) => <Text size="sm" style={NO_WRAP}>{formatDate(ca.notAfter)}</Text> },
    { key: 'status', title: 'Status', width: 110, render: (ca) => <ArchivedBadge archived={ca.isArchived} /> },
    {
      key: 'actions',
      title: 'Actions',
      render: (ca) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => download(ca)} aria-label={`Download ${ca.name}`}>
            Download
          </Button>
          {canModify ? (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={archiving(ca)}
              onClick={() => toggleArchive(ca)}
              aria-label={`${ca.isArchived ? 'Unarchive' : 'Archive'} ${ca.name}`}
            >
              {ca.isArchived ? 'Unarchive' : 'Archive'}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          External CAs
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Certificate authorities from outside the platform whose certificates this service trusts.
        </Text>
      </div>
      <DataTable
        label="External CAs"
        columns={columns}
        query={cas}
        rowKey={(ca) => ca.id}
        list={{ state: list, onChange: changeList }}
        searchLabel="Search external CAs by name"
        toolbar={
          <Group gap="lg" align="center">
            <Switch
              label="Unarchived only"
              checked={list.unarchivedOnly}
              onChange={(event) => {
                const unarchivedOnly = event.currentTarget.checked;
                setList((current) => ({ ...current, unarchivedOnly, page: 1 }));
              }}
            />
            {canModify ? <Button onClick={() => setUploading(true)}>Upload external CA</Button> : null}
          </Group>
        }
        emptyText={list.unarchivedOnly ? 'No unarchived external CAs.' : 'No external CAs yet.'}
        minWidth={860}
      />
      <UploadExternalCaModal serviceId={service.id} opened={uploading} onClose={() => setUploading(false)} />
      <ExternalCaDetails
        serviceId={service.id}
        ca={opened}
        onClose={() => setOpened(null)}
        onDownload={download}
        onToggleArchive={canModify ? toggleArchive : undefined}
        archivePending={opened !== null && archiving(opened)}
      />
    </Stack>
  );
}
