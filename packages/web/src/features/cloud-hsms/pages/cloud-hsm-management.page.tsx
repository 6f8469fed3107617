import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CloudHsmMessages, type CloudHsmDetail } from '@keydeck/contract/cloud-hsms';
import { Permission } from '@keydeck/contract/permissions';
import { Can } from '../../../lib/can';
import { formatDateTime } from '../../../lib/datetime';
import { useListSearch } from '../../../lib/ui/list-search';
import { isNotFound, NotFoundNotice } from '../../../lib/ui/not-found-notice';
import { cloudHsmQueryOptions } from '../api/cloud-hsms.api';
import { AuditTrail } from '../components/audit-trail';
import { BackupModal, RestoreModal } from '../components/backup-modals';
import { CloudHsmStatusBadge, HealthBadge } from '../components/cloud-hsm-badges';
import { zoneLabel } from '../components/cloud-hsm-text';
import { ConnectionDetails } from '../components/connection-details';
import { DeprovisionModal } from '../components/deprovision-modal';
import { HealthCharts } from '../components/health-charts';
import { PinActions } from '../components/pin-actions';
import { ProvisioningProgress } from '../components/provisioning-progress';
import { TokenSummary } from '../components/token-summary';

const route = getRouteApi('/shell/v2/home/services/cloud-hsm-management/$id');

/** One cloud HSM: how to connect, its PINs, health, backups and audit trail (spec §2 cloud-hsm-management/{id}). */
export function CloudHsmManagementPage() {
  const { id } = route.useParams();
  const { state: search, onChange } = useListSearch(route);
  const hsm = useQuery(cloudHsmQueryOptions(id));
  const [deprovisioning, setDeprovisioning] = useState(false);

  if (!hsm.data) {
    // A mistyped or outdated link (an unknown or malformed id) is not a failure to report but a page to leave.
    if (isNotFound(hsm.error)) return <NotFoundNotice message={CloudHsmMessages.hsmNotFound} backTo="/chc" backLabel="All cloud HSMs" />;
    return hsm.isError ? (
      <Alert color="error" variant="light" title="The cloud HSM could not be loaded">
        {hsm.error.message}
      </Alert>
    ) : (
      <Skeleton height={80} maw={480} aria-label="Loading the cloud HSM" />
    );
  }
  const data = hsm.data;
  const live = data.status !== 'Deprovisioned' && data.status !== 'Deprovisioning';

  return (
    <Stack gap="lg">
      <Anchor
        size="sm"
        w="fit-content"
        renderRoot={(props) => (
          <Link
            {...props}
            to="/v2/home/accounts/$account_id/services/$service_id/cloud-provisioning/cloud-hsms"
            params={{ account_id: data.account_id, service_id: data.service_id }}
          />
        )}
      >
        ← All cloud HSMs of the service
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="md">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {data.name}
            </Title>
            <CloudHsmStatusBadge status={data.status} />
            {data.status === 'Enabled' ? <HealthBadge state={data.health_state} /> : null}
          </Group>
          <Text c="dimmed" mt={4} size="sm">
            {data.blueprint.name} ({data.blueprint.model}) · {zoneLabel(data.zone)}
            {data.cluster ? ` · member of cluster ${data.cluster.name}` : ''}
          </Text>
        </div>
        {live ? (
          <Can permission={Permission.servicesManage} mode="disable">
            <Button variant="outline" color="error" onClick={() => setDeprovisioning(true)}>
              Deprovision
            </Button>
          </Can>
        ) : null}
      </Group>
      <StatusNotice hsm={data} />
      {data.status === 'Enabled' && data.connection ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <ConnectionDetails connection={data.connection} ports={data.ports} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <Card withBorder padding="lg" component="section" aria-labelledby="pins-heading">
                <Stack gap="sm">
                  <Title order={2} fz="h4" id="pins-heading">
                    PINs
                  </Title>
                  <PinActions hsm={data} />
                </Stack>
              </Card>
              <TokenSummary hsm={data} />
              <BackupCard hsm={data} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : null}
      {data.status === 'Enabled' ? <HealthCharts hsmId={data.id} range={search.range} onRange={(range) => onChange({ range })} /> : null}
      <AuditTrail hsmId={data.id} state={{ page: search.page, page_size: search.page_size, order: search.order }} onChange={onChange} />
      <DeprovisionModal hsm={deprovisioning ? data : null} onClose={() => setDeprovisioning(false)} />
    </Stack>
  );
}

/** What the status means now: progress while provisioning, the reason of a failure, the end of life. */
function StatusNotice({ hsm }: { hsm: CloudHsmDetail }) {
  if (hsm.status === 'PendingProvisioning') {
    return (
      <Card withBorder padding="lg">
        <Text size="sm" mb="md">
          Provisioning is under way; this page follows it. Connection details and PINs appear once the HSM is enabled.
        </Text>
        <ProvisioningProgress step={hsm.step} />
      </Card>
    );
  }
  if (hsm.status === 'Failed') {
    return (
      <Alert color="error" variant="light" title="Provisioning failed">
        {hsm.failure ?? 'The reason was not recorded.'} Everything it held has been released; deprovision it to remove it from the list.
      </Alert>
    );
  }
  if (hsm.status === 'Deprovisioning') {
    return <Alert color="warning" variant="light" title="Being deprovisioned">The token is being zeroized and its address, ports and license seat released.</Alert>;
  }
  if (hsm.status === 'Deprovisioned') {
    return (
      <Alert color="secondary" variant="light" title="Deprovisioned">
        Its token was zeroized {hsm.deprovisioned_at ? `on ${formatDateTime(hsm.deprovisioned_at)}` : ''}. The audit trail below is kept for your
        records.
      </Alert>
    );
  }
  if (hsm.provisioner?.state === 'Down') {
    return (
      <Alert color="error" variant="light" title="Unreachable">
        {CloudHsmMessages.provisionerDown}: the HSM cannot be reached until it is back. Keys on it are not lost.
      </Alert>
    );
  }
  return null;
}

function BackupCard({ hsm }: { hsm: CloudHsmDetail }) {
  const [open, setOpen] = useState<'backup' | 'restore' | null>(null);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="backup-heading">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="backup-heading">
          Backup and restore
        </Title>
        {hsm.backup_allowed ? (
          <>
            <Text size="sm" c="dimmed">
              Download the token&apos;s objects as a file encrypted under a passphrase you choose, or put a backup of this HSM back.
            </Text>
            <Group gap="sm">
              <Can permission={Permission.servicesManage} mode="disable">
                <Button variant="default" onClick={() => setOpen('backup')}>
                  Back up…
                </Button>
              </Can>
              <Can permission={Permission.servicesManage} mode="disable">
                <Button variant="default" onClick={() => setOpen('restore')}>
                  Restore…
                </Button>
              </Can>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {CloudHsmMessages.backupNotAllowed}.
          </Text>
        )}
      </Stack>
      <BackupModal hsm={hsm} opened={open === 'backup'} onClose={() => setOpen(null)} />
      <RestoreModal hsm={hsm} opened={open === 'restore'} onClose={() => setOpen(null)} />
    </Card>
  );
}
