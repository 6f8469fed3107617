import '@mantine/core/styles/Fieldset.css';
import { useMemo } from 'react';
import { Fieldset, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PermissionCategory } from '@keydeck/contract/permissions';
import { REPORT_FREQUENCIES, REPORT_FREQUENCY_LABELS, timeZones, WEEKDAY_LABELS, WEEKDAYS, type ReportFrequency } from '@keydeck/contract/report-schedule';
import {
  REPORT_KIND_CATEGORY,
  REPORT_KIND_DESCRIPTIONS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  scheduledReportCreate,
  type ScheduledReport,
  type ScheduledReportCreate,
} from '@keydeck/contract/scheduled-reports';
import { formErrorView, type FormErrorView } from '../../../lib/form-errors';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField, SelectField, SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import type { FormModalSlot } from '../../../lib/ui/form-modal';
import { TextField } from '../../../lib/ui/text-fields';
import { RowRefused } from '../api/scheduled-reports.api';
import { DestinationField } from './destination-field';
import { RecipientsField } from './recipients-field';
import { SchedulePreview } from './schedule-preview';

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

const FREQUENCY_CHOICES: Record<ReportFrequency, string> = { daily: 'Every day', weekly: 'Once a week', monthly: 'Once a month', cron: REPORT_FREQUENCY_LABELS.cron };
const DAY_OF_MONTH_OPTIONS = [...Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })), { value: 'last', label: 'Last day' }];
const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day] }));

type ReportFormProps = { serviceId: string; editing: ScheduledReport | null; can: (category: PermissionCategory) => boolean; canListServers: boolean } & FormModalSlot<ScheduledReportCreate>;

/** The report's fields: what it lists (only data the caller may view), when it runs, where it goes. */
export function ReportForm({ serviceId, editing, can, canListServers, onSubmit, pending, actions }: ReportFormProps) {
  const zones = useMemo(() => timeZones(), []);
  const defaultValues = editing ? formOf(editing) : emptyForm(zones);
  const form = useContractForm({ schema: scheduledReportCreate, defaultValues, onSubmit, errorView: formErrors(Object.keys(defaultValues)) });
  const zoneOptions = useMemo(() => {
    const current = defaultValues.time_zone;
    return current && !zones.includes(current) ? [current, ...zones] : zones;
  }, [zones, defaultValues.time_zone]);
  const [frequency, weekday, dayOfMonth, cron, time, timeZone] = form.watch(['frequency', 'weekday', 'day_of_month', 'cron', 'time', 'time_zone']);
  const zone = timeZone ?? 'UTC';

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
            <SchedulePreview schedule={{ frequency, weekday: weekday ?? null, day_of_month: dayOfMonth ?? null, cron: cron ?? null, time: time ?? null, time_zone: zone }} />
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
