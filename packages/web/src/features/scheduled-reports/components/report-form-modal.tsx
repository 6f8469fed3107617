import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/List.css';
import { useMemo } from 'react';
import { Fieldset, Group, List, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormState } from 'react-hook-form';
import {
  cronProblem,
  nextRuns,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_KIND_CATEGORY,
  REPORT_KIND_DESCRIPTIONS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  REPORT_RECIPIENTS_MAX,
  scheduledReportCreate,
  timeZones,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type ScheduledReport,
  type ReportFrequency,
  type ReportSchedule,
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

const DEFAULT_TIME = '06:00';

/** The browser's own time zone when the list has it, else UTC. */
function browserTimeZone(zones: readonly string[]): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zones.includes(zone) ? zone : 'UTC';
}

const emptyForm = (zones: readonly string[]): ScheduledReportCreate => ({
  name: '',
  kind: 'devices',
  frequency: 'daily',
  weekday: null,
  day_of_month: null,
  cron: null,
  time: DEFAULT_TIME,
  time_zone: browserTimeZone(zones),
  transfer_server_id: null,
  recipients: [],
  enabled: true,
});

const formOf = (report: ScheduledReport): ScheduledReportCreate => ({
  name: report.name,
  kind: report.kind,
  frequency: report.frequency,
  weekday: report.weekday,
  day_of_month: report.day_of_month,
  cron: report.cron,
  time: report.time,
  time_zone: report.time_zone,
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

/** Adds a scheduled report, or changes one: what it lists, when it runs (in its time zone), and where it goes. */
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

const FREQUENCY_CHOICES: Record<ReportFrequency, string> = { daily: 'Every day', weekly: 'Once a week', monthly: 'Once a month', cron: REPORT_FREQUENCY_LABELS.cron };
const DAY_OF_MONTH_OPTIONS = [...Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })), { value: 'last', label: 'Last day' }];
const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day] }));
const PREVIEW_RUNS = 3;

/** A run's time as the clock in the report's zone shows it: 'Mon, 2 Mar 2026, 06:30'. */
export const formatRunIn = (zone: string) => {
  const format = new Intl.DateTimeFormat(undefined, { timeZone: zone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (at: Date) => format.format(at);
};

/** The schedule's next runs in words, or why there are none yet (the contract's message for a broken cron expression). */
function previewOf(schedule: ReportSchedule): { runs: string[] } | { problem: string } | null {
  if (schedule.frequency === 'cron') {
    if (!schedule.cron?.trim()) return null;
    const problem = cronProblem(schedule.cron);
    if (problem) return { problem };
  } else if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(schedule.time ?? '')) return null;
  if (schedule.frequency === 'weekly' && !schedule.weekday) return null;
  if (schedule.frequency === 'monthly' && schedule.day_of_month == null) return null;
  try {
    const format = formatRunIn(schedule.time_zone ?? 'UTC');
    return { runs: nextRuns({ ...schedule, cron: schedule.cron?.trim() ?? null }, new Date(), PREVIEW_RUNS).map(format) };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}

type ReportFormProps = { serviceId: string; editing: ScheduledReport | null; can: (category: PermissionCategory) => boolean; canListServers: boolean } & FormModalSlot<ScheduledReportCreate>;

function ReportForm({ serviceId, editing, can, canListServers, onSubmit, pending, actions }: ReportFormProps) {
  const zones = useMemo(() => timeZones(), []);
  const defaultValues = editing ? formOf(editing) : emptyForm(zones);
  const form = useContractForm({ schema: scheduledReportCreate, defaultValues, onSubmit, errorView: formErrors(Object.keys(defaultValues)) });
  const zoneOptions = useMemo(() => {
    const current = defaultValues.time_zone;
    return current && !zones.includes(current) ? [current, ...zones] : zones;
  }, [zones, defaultValues.time_zone]);
  const [frequency, weekday, dayOfMonth, cron, time, timeZone] = form.watch(['frequency', 'weekday', 'day_of_month', 'cron', 'time', 'time_zone']);
  const zone = timeZone ?? 'UTC';
  const preview = previewOf({ frequency, weekday: weekday ?? null, day_of_month: dayOfMonth ?? null, cron: cron ?? null, time: time ?? null, time_zone: zone });

  /** Switching frequency keeps only the new one's fields (the server refuses the others'). */
  const switchTo = (next: string) => {
    const dirty = { shouldDirty: true };
    form.setValue('weekday', next === 'weekly' ? (form.getValues('weekday') ?? 'monday') : null, dirty);
    form.setValue('day_of_month', next === 'monthly' ? (form.getValues('day_of_month') ?? 1) : null, dirty);
    form.setValue('cron', next === 'cron' ? (form.getValues('cron') ?? '') : null, dirty);
    form.setValue('time', next !== 'cron' ? (form.getValues('time') ?? DEFAULT_TIME) : null, dirty);
    form.clearErrors(['weekday', 'day_of_month', 'cron', 'time']);
  };

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
        <Fieldset legend="Schedule" variant="filled">
          <Stack gap="sm">
            <RadioGroupField name="frequency" label="Runs" onChange={switchTo}>
              <Group gap="lg" mt={6}>
                {REPORT_FREQUENCIES.map((choice) => (
                  <Radio key={choice} value={choice} label={FREQUENCY_CHOICES[choice]} />
                ))}
              </Group>
            </RadioGroupField>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {frequency === 'weekly' ? <SelectField name="weekday" label="Day" withAsterisk data={WEEKDAY_OPTIONS} allowDeselect={false} /> : null}
              {frequency === 'monthly' ? (
                <SelectField
                  name="day_of_month"
                  numeric
                  label="Day of the month"
                  withAsterisk
                  data={DAY_OF_MONTH_OPTIONS}
                  allowDeselect={false}
                  description="1 to 28 (every month has them), or the month’s last day"
                />
              ) : null}
              {frequency === 'cron' ? (
                <TextField
                  name="cron"
                  label="Cron expression"
                  withAsterisk
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="0 6 * * 1-5"
                  description="minute hour day-of-month month day-of-week"
                  ff="monospace"
                />
              ) : (
                <TextField name="time" label={`Time (${zone})`} type="time" withAsterisk description="Hours and minutes, in the report’s time zone" />
              )}
              <SelectField
                name="time_zone"
                label="Time zone"
                withAsterisk
                data={zoneOptions}
                searchable
                allowDeselect={false}
                limit={100}
                nothingFoundMessage="No such time zone"
                description="Daylight saving time changes are kept"
              />
            </SimpleGrid>
            <SchedulePreview preview={preview} zone={zone} />
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

/** The next runs, as the clock in the report's zone shows them; a broken cron expression says why. */
function SchedulePreview({ preview, zone }: { preview: ReturnType<typeof previewOf>; zone: string }) {
  if (!preview) return null;
  if ('problem' in preview) {
    return (
      <Text size="sm" c="error" role="status">
        {preview.problem}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} id="report-next-runs">
        Next runs ({zone})
      </Text>
      <List size="sm" aria-labelledby="report-next-runs" listStyleType="none" spacing={0}>
        {preview.runs.map((run) => (
          <List.Item key={run}>{run}</List.Item>
        ))}
      </List>
    </Stack>
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
