import '@mantine/core/styles/Fieldset.css';
import { Fieldset, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormState } from 'react-hook-form';
import {
  REPORT_KIND_CATEGORY,
  REPORT_KIND_DESCRIPTIONS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  REPORT_RECIPIENTS_MAX,
  scheduledReportCreate,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type ScheduledReport,
  type ScheduledReportCreate,
} from '@keydeck/contract/scheduled-reports';
import { TRANSFER_PROTOCOL_LABELS } from '@keydeck/contract/transfer';
import type { PermissionCategory } from '@keydeck/contract/permissions';
import { formErrorView, type FormErrorView } from '../../../lib/form-errors';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField, SelectField, SwitchField, TagsInputField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FormModal, type FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { reportDestinationsQueryOptions, RowRefused, useCreateReport, useUpdateReport } from '../api/scheduled-reports.api';

// The server names a refused field by its place in the batch: reports.0.time.
const REPORT_BATCH_PREFIX = /^reports\.\d+\./;

const EMPTY: ScheduledReportCreate = {
  name: '',
  kind: 'devices',
  frequency: 'daily',
  weekday: null,
  time: '06:00',
  transfer_server_id: null,
  recipients: [],
  enabled: true,
};

const formOf = (report: ScheduledReport): ScheduledReportCreate => ({
  name: report.name,
  kind: report.kind,
  frequency: report.frequency,
  weekday: report.weekday,
  time: report.time,
  transfer_server_id: report.transfer_server?.id ?? null,
  recipients: report.recipients,
  enabled: report.enabled,
});

/** A refused row above the fields; the server's field errors on their fields. */
const formErrors =
  (fields: readonly string[]) =>
  (error: unknown): FormErrorView<string> | null =>
    error instanceof RowRefused ? { fields: {}, message: error.message } : formErrorView(error, fields, REPORT_BATCH_PREFIX);

interface ReportFormModalProps {
  serviceId: string;
  /** undefined: closed; null: a new report; else the report edited. */
  editing: ScheduledReport | null | undefined;
  /** Which categories the caller's group may view: a report lists only data they may see. */
  can: (category: PermissionCategory) => boolean;
  /** Transfer servers are listed only for groups with the Host category. */
  canListServers: boolean;
  onClose: () => void;
}

/** Adds a scheduled report, or changes one: what it lists, when it runs (UTC), and where it goes. */
export function ReportFormModal({ serviceId, editing, can, canListServers, onClose }: ReportFormModalProps) {
  const create = useCreateReport(serviceId);
  const update = useUpdateReport(serviceId);
  return (
    <FormModal
      opened={editing !== undefined}
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'New scheduled report'}
      mutations={[create, update]}
      onSubmit={async (values: ScheduledReportCreate) => {
        if (!editing) return (await create.mutateAsync(values)).message;
        const { name, ...rest } = values;
        return (await update.mutateAsync({ name: editing.name, ...(name !== editing.name ? { new_name: name } : {}), ...rest })).message;
      }}
    >
      {(slot) => <ReportForm serviceId={serviceId} editing={editing ?? null} can={can} canListServers={canListServers} {...slot} />}
    </FormModal>
  );
}

/** What a UTC time of day is in the user's own time zone (today), when that differs. */
function localTimeOf(time: string | null | undefined): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time ?? '');
  if (!match) return 'Hours and minutes, in UTC';
  const at = new Date();
  at.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
  if (at.getTimezoneOffset() === 0) return 'Hours and minutes, in UTC';
  return `${time} UTC is ${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })} your time`;
}

type ReportFormProps = { serviceId: string; editing: ScheduledReport | null; can: (category: PermissionCategory) => boolean; canListServers: boolean } & FormModalSlot<ScheduledReportCreate>;

function ReportForm({ serviceId, editing, can, canListServers, onSubmit, pending, actions }: ReportFormProps) {
  const defaultValues = editing ? formOf(editing) : EMPTY;
  const form = useContractForm({ schema: scheduledReportCreate, defaultValues, onSubmit, errorView: formErrors(Object.keys(defaultValues)) });
  const frequency = form.watch('frequency');
  const time = form.watch('time');

  return (
    <ContractForm form={form} aria-label={editing ? `Edit ${editing.name}` : 'New scheduled report'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk data-autofocus autoComplete="off" placeholder="Daily device inventory" />
        <RadioGroupField name="kind" label="Report" withAsterisk>
          <Stack gap="xs" mt="xs">
            {REPORT_KINDS.map((kind) => {
              const category = REPORT_KIND_CATEGORY[kind];
              const allowed = can(category);
              return (
                <Radio
                  key={kind}
                  value={kind}
                  disabled={!allowed}
                  label={REPORT_KIND_LABELS[kind]}
                  description={allowed ? REPORT_KIND_DESCRIPTIONS[kind] : `Needs the ${category} permission in your service user group`}
                />
              );
            })}
          </Stack>
        </RadioGroupField>
        <Fieldset legend="Schedule (UTC)" variant="filled">
          <Stack gap="sm">
            <RadioGroupField
              name="frequency"
              label="Runs"
              onChange={(next) => form.setValue('weekday', next === 'weekly' ? (form.getValues('weekday') ?? 'monday') : null)}
            >
              <Group gap="lg" mt={6}>
                <Radio value="daily" label="Every day" />
                <Radio value="weekly" label="Once a week" />
              </Group>
            </RadioGroupField>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {frequency === 'weekly' ? (
                <SelectField name="weekday" label="Day" withAsterisk data={WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day] }))} allowDeselect={false} />
              ) : null}
              <TextField name="time" label="Time (UTC)" type="time" withAsterisk description={localTimeOf(time)} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Deliver to" variant="filled">
          <Stack gap="sm">
            <DestinationField serviceId={serviceId} current={editing?.transfer_server ?? null} canList={canListServers} />
            <RecipientsField />
            <Text size="xs" c="dimmed">
              Choose a transfer server, mail recipients, or both. The CSV file is delivered to each; every run&apos;s outcome shows in its history.
            </Text>
          </Stack>
        </Fieldset>
        <SwitchField name="enabled" label="Run on schedule" description="Switched off, the report runs only when someone runs it now." />
        <FormFooter submitLabel={editing ? 'Save report' : 'Create report'} pending={pending} actions={actions} />
      </Stack>
    </ContractForm>
  );
}

/**
 * The transfer server a report goes to, or none. The service's servers are listed for groups with the Host category;
 * others keep the one the report has (or none), as the list is not theirs to read.
 */
function DestinationField({ serviceId, current, canList }: { serviceId: string; current: ScheduledReport['transfer_server']; canList: boolean }) {
  const servers = useQuery({ ...reportDestinationsQueryOptions(serviceId), enabled: canList });
  const options = (servers.data ?? []).map((server) => ({ value: server.id, label: `${server.name} · ${TRANSFER_PROTOCOL_LABELS[server.protocol]}` }));
  if (current && !options.some((option) => option.value === current.id)) options.unshift({ value: current.id, label: current.name });
  const description = !canList
    ? 'Listing the service’s transfer servers needs the Host permission.'
    : servers.isError
      ? 'The transfer servers could not be loaded.'
      : options.length === 0 && !servers.isPending
        ? 'The service has no transfer servers yet: add one under Transfer servers.'
        : 'SFTP and SCP servers get the file only once their host key is trusted.';
  return (
    <SelectField
      name="transfer_server_id"
      nullable
      label="Transfer server"
      placeholder="No transfer server"
      data={options}
      clearable
      searchable
      nothingFoundMessage="No such transfer server"
      description={description}
      disabled={!canList && !current}
    />
  );
}

/** Up to ten mail addresses, each a pill; Enter, a comma or a space adds the address typed. */
function RecipientsField() {
  // A refused address is reported on its item (recipients.3): shown under the whole field.
  const { errors } = useFormState({ name: 'recipients' });
  const items = errors.recipients as unknown as ({ message?: string } | undefined)[] | undefined;
  const itemError = Array.isArray(items) ? items.find((item) => item?.message)?.message : undefined;
  return (
    <TagsInputField
      name="recipients"
      label="Mail recipients"
      description={`Up to ${REPORT_RECIPIENTS_MAX} addresses. The file is attached to one mail to all of them.`}
      placeholder="ops@example.com"
      splitChars={[',', ' ', ';']}
      maxTags={REPORT_RECIPIENTS_MAX}
      acceptValueOnBlur
      clearable
      error={itemError}
    />
  );
}
