import { useState } from 'react';
import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KEY_PAIR_ALGORITHM_LABELS, type CertAuthority } from '@keydeck/contract/certificates';
import type { Service } from '@keydeck/contract/services';
import { formatDate } from '../../../lib/datetime';
import { useServiceAccess } from '../../../lib/service-access';
import { DataTable, type DataTableColumn } from '../../../lib/ui/data-table';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { certAuthoritiesQueryOptions, useDownloadCaFile, type CaDownload } from '../api/cert-authorities.api';
import { CaDetailDrawer } from './ca-detail-drawer';
import { useCaDeletion } from './ca-deletion';
import { CaRowMenu, type CaRowAction } from './ca-row-menu';
import { CaStatusBadge, counted, KEY_PAIR_SHORT, SubjectCell } from './certificate-cells';
import { ResultReportModal, type ResultReport } from '../../../lib/ui/result-report-modal';
import { CreateCaModal } from './create-ca-modal';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** How far each level of the tree sits in from its parent. */
const INDENT = 22;

/**
 * The certificate authorities of the service (spec §2 Certificate Authorities) as a tree: each root, the CAs under
 * it indented below. Details and downloads (certificate, chain, CRL) need CertManage; creating a root or an
 * intermediate and deleting (confirmed twice when a CA's certificates have not expired) need it at Modify.
 */
export function CertAuthoritiesSection({ service }: { service: Service }) {
  const canModify = useServiceAccess(service).can('CertManage', 'Modify');
  const cas = useQuery(certAuthoritiesQueryOptions(service.id));
  const download = useDownloadCaFile(service.id);
  const [picked, setPicked] = useState<ReadonlyMap<string, CertAuthority>>(new Map());
  const [creating, setCreating] = useState<{ parent: string | null } | null>(null);
  const [details, setDetails] = useState<string | null>(null);
  const [report, setReport] = useState<ResultReport | null>(null);
  const unpick = (names: string[]) => setPicked((current) => new Map([...current].filter(([name]) => !names.includes(name))));
  const deletion = useCaDeletion(service.id, setReport, unpick);

  const rows = cas.data?.cas ?? [];
  const table = { ...cas, isPlaceholderData: false, data: cas.data ? { data: rows, total: rows.length } : undefined };
  const pick = (chosen: CertAuthority[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      chosen.forEach((ca) => (on ? next.set(ca.ca_name, ca) : next.delete(ca.ca_name)));
      return next;
    });
  const save = (ca: CertAuthority, what: CaDownload) => download.mutate({ ca, what });
  const act = (action: CaRowAction, ca: CertAuthority) => {
    if (action === 'details') setDetails(ca.ca_name);
    else if (action === 'intermediate') setCreating({ parent: ca.ca_name });
    else if (action === 'delete') void deletion.run([ca]);
    else save(ca, action);
  };
  // The drawer follows the list: a new CRL number or count shows at once.
  const shown = details ? (rows.find((ca) => ca.ca_name === details) ?? null) : null;

  const columns: DataTableColumn<CertAuthority>[] = [
    {
      key: 'name',
      title: 'Name',
      render: (ca) => (
        <Group gap={6} wrap="nowrap" pl={ca.depth * INDENT} align="flex-start">
          {ca.depth > 0 ? (
            <Text component="span" c="dimmed" size="sm" aria-hidden="true" lh={1.4}>
              └
            </Text>
          ) : null}
          <Stack gap={0}>
            <Anchor component="button" type="button" size="sm" fw={600} ta="left" style={NO_WRAP} onClick={() => setDetails(ca.ca_name)} aria-label={`Details of ${ca.ca_name}`}>
              {ca.ca_name}
            </Anchor>
            <Text size="xs" c="dimmed" style={NO_WRAP}>
              {ca.parent ? `Under ${ca.parent}` : 'Root CA'}
            </Text>
          </Stack>
        </Group>
      ),
    },
    { key: 'subject', title: 'Subject', render: (ca) => <SubjectCell subject={ca.subject} minWidth={180} /> },
    { key: 'algorithm', title: 'Key', render: (ca) => <Text size="sm" style={NO_WRAP} title={KEY_PAIR_ALGORITHM_LABELS[ca.key_algorithm]}>{KEY_PAIR_SHORT[ca.key_algorithm]}</Text> },
    {
      key: 'validity',
      title: 'Valid until',
      render: (ca) => (
        <Stack gap={0}>
          <Text size="sm" style={NO_WRAP}>
            {formatDate(ca.not_after)}
          </Text>
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            {counted(ca.validity_days, 'day')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'path',
      title: 'Path length',
      render: (ca) => <Text size="sm" c={ca.path_length === null ? 'dimmed' : undefined}>{ca.path_length ?? 'No limit'}</Text>,
    },
    { key: 'status', title: 'Status', render: (ca) => <CaStatusBadge status={ca.status} /> },
    {
      key: 'issued',
      title: 'Certificates',
      render: (ca) => (
        <Stack gap={0}>
          <Text size="sm" style={NO_WRAP}>
            {ca.certificates_issued.toLocaleString('en-US')} issued
          </Text>
          <Text size="xs" c="dimmed" style={NO_WRAP}>
            {ca.unexpired_certificates.toLocaleString('en-US')} not expired
          </Text>
        </Stack>
      ),
    },
    { key: 'actions', title: 'Actions', width: 90, render: (ca) => <CaRowMenu ca={ca} canModify={canModify} onAction={(action) => act(action, ca)} /> },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          Certificate authorities
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          The service&apos;s own CAs: roots, and the intermediates each signs, shown under it. Their private keys stay in the keystore.
        </Text>
      </div>
      {canModify && picked.size > 0 ? (
        <SelectionPanel
          summary={`${counted(picked.size, 'CA')} selected`}
          actions={
            <Button size="xs" color="error" disabled={deletion.isPending} onClick={() => void deletion.run([...picked.values()])}>
              Delete
            </Button>
          }
          onClear={() => setPicked(new Map())}
        />
      ) : null}
      <DataTable
        label="Certificate authorities"
        columns={columns}
        query={table}
        rowKey={(ca) => ca.ca_name}
        toolbar={
          canModify ? (
            <>
              <Button variant="default" onClick={() => setCreating({ parent: '' })} disabled={!rows.some((ca) => ca.status === 'active')}>
                Create intermediate CA
              </Button>
              <Button onClick={() => setCreating({ parent: null })}>Create root CA</Button>
            </>
          ) : undefined
        }
        emptyText={canModify ? 'No certificate authorities yet. Create a root CA to start.' : 'No certificate authorities yet.'}
        {...(canModify ? { picked: { rowLabel: (ca: CertAuthority) => `CA ${ca.ca_name}`, keys: new Set(picked.keys()), onToggle: pick } } : {})}
        minWidth={960}
      />
      {cas.data && rows.length > 0 ? (
        <Box>
          <Text size="sm" c="dimmed" aria-live="polite">
            {counted(rows.length, 'certificate authority', 'certificate authorities')}
          </Text>
        </Box>
      ) : null}
      <CreateCaModal serviceId={service.id} creating={creating} onClose={() => setCreating(null)} />
      <CaDetailDrawer shown={shown} onClose={() => setDetails(null)} onDownload={save} downloading={download.isPending ? (download.variables?.what ?? null) : null} />
      <ResultReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
