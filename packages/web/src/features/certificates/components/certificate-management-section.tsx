import { useState } from 'react';
import { Button, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CERTIFICATE_STATUSES, type CertificateStatus, type IssuedCertificate } from '@keydeck/contract/certificates';
import type { Service } from '@keydeck/contract/services';
import { useServiceAccess } from '../../../lib/service-access';
import { DataTable } from '../../../lib/ui/data-table';
import type { ListStatePatch } from '../../../lib/ui/list-search';
import { inexactTotal } from '../../../lib/ui/list-total';
import { SelectionPanel } from '../../../lib/ui/selection-panel';
import { certAuthoritiesQueryOptions } from '../api/cert-authorities.api';
import { certificatesQueryOptions, useDownloadCertificate, type CertificateListState } from '../api/certificates.api';
import { CERTIFICATE_STATUS_LABELS, counted } from './certificate-cells';
import { certificateColumns, type CertificateRowAction } from './certificate-columns';
import { ResultReportModal, type ResultReport } from '../../../lib/ui/result-report-modal';
import { IssueCertificateModal } from './issue-certificate-modal';
import { RevokeCertificatesModal } from './revoke-certificates-modal';

export type CertificateListPatch = ListStatePatch & { ca?: string | undefined; status?: CertificateStatus | undefined };

interface CertificateManagementSectionProps {
  service: Service;
  /** The list and its filters as the URL holds them (the command palette's link names a certificate): the page owns the URL. */
  list: { search: CertificateListState; onChange: (patch: CertificateListPatch) => void };
}

/**
 * The certificates the service's CAs issued (spec §2 Certificate Management): paged, sorted and searched by the
 * server, filtered by CA and status; each downloads alone or with its chain. Issuing from a CSR and revoking (one
 * reason, a line a certificate in the report) need CertManage at Modify.
 */
export function CertificateManagementSection({ service, list }: CertificateManagementSectionProps) {
  const canModify = useServiceAccess(service).can('CertManage', 'Modify');
  const state = list.search;
  const certificates = useQuery(certificatesQueryOptions(service.id, state));
  const cas = useQuery(certAuthoritiesQueryOptions(service.id));
  const download = useDownloadCertificate(service.id);
  const [picked, setPicked] = useState<ReadonlyMap<string, IssuedCertificate>>(new Map());
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<IssuedCertificate[] | null>(null);
  const [report, setReport] = useState<ResultReport | null>(null);

  const change = list.onChange;
  const pick = (rows: IssuedCertificate[], on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      rows.forEach((row) => (on ? next.set(row.serial, row) : next.delete(row.serial)));
      return next;
    });
  const act = (action: CertificateRowAction, certificate: IssuedCertificate) => {
    if (action === 'revoke') setRevoking([certificate]);
    else download.mutate({ serial: certificate.serial, chain: action === 'chain' });
  };
  // A revoked certificate cannot be revoked again: the batch offers the others.
  const revocable = [...picked.values()].filter((certificate) => certificate.status !== 'revoked');
  const caNames = (cas.data?.cas ?? []).map((ca) => ca.ca_name);
  const filtered = Boolean(state.search || state.ca || state.status);

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h3">
          Certificate management
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Certificates the service&apos;s CAs issued from certificate signing requests, with their status. A revoked certificate shows on its CA&apos;s CRL.
        </Text>
      </div>
      {canModify && picked.size > 0 ? (
        <SelectionPanel
          summary={`${counted(picked.size, 'certificate')} selected`}
          actions={
            <Button size="xs" color="error" disabled={revocable.length === 0} onClick={() => setRevoking(revocable)}>
              {revocable.length === picked.size ? 'Revoke' : `Revoke ${revocable.length} not yet revoked`}
            </Button>
          }
          onClear={() => setPicked(new Map())}
        />
      ) : null}
      <DataTable
        label="Issued certificates"
        columns={certificateColumns(canModify, act)}
        query={certificates}
        rowKey={(certificate) => certificate.serial}
        list={{ state, onChange: change }}
        totalText={inexactTotal(certificates.data)}
        searchLabel="Search by subject, alternative name or serial"
        toolbar={
          <>
            <NativeSelect
              label="CA"
              data={[{ value: '', label: 'All CAs' }, ...caNames]}
              value={state.ca ?? ''}
              onChange={(event) => change({ ca: event.currentTarget.value || undefined, page: 1 })}
              w={{ base: '100%', xs: 180 }}
            />
            <NativeSelect
              label="Status"
              data={[{ value: '', label: 'All statuses' }, ...CERTIFICATE_STATUSES.map((value) => ({ value, label: CERTIFICATE_STATUS_LABELS[value] }))]}
              value={state.status ?? ''}
              onChange={(event) => change({ status: (event.currentTarget.value || undefined) as CertificateStatus | undefined, page: 1 })}
              w={{ base: '100%', xs: 140 }}
            />
            {canModify ? <Button onClick={() => setIssuing(true)}>Issue certificate</Button> : null}
          </>
        }
        emptyText={filtered ? 'No certificate matches.' : 'No certificates issued yet.'}
        {...(canModify ? { picked: { rowLabel: (certificate: IssuedCertificate) => `certificate ${certificate.serial}`, keys: new Set(picked.keys()), onToggle: pick } } : {})}
        minWidth={960}
      />
      <IssueCertificateModal serviceId={service.id} opened={issuing} ca={state.ca} onClose={() => setIssuing(false)} />
      <RevokeCertificatesModal
        serviceId={service.id}
        certificates={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(lines) => {
          const revoked = lines.filter((line) => line.success).map((line) => line.name);
          setPicked((current) => new Map([...current].filter(([serial]) => !revoked.includes(serial))));
          setReport({ title: 'Revoke certificates: result', named: false, lines });
        }}
      />
      <ResultReportModal report={report} onClose={() => setReport(null)} />
    </Stack>
  );
}
