import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import type { FormEvent, ReactNode } from 'react';
import { Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  DEFAULT_SYSLOG_FACILITY,
  SYSLOG_PROTOCOL_LABELS,
  SYSLOG_PROTOCOLS,
  syslogConfigFields,
  type SyslogConfig,
  type SyslogConfigFields,
  type SyslogProtocol,
} from '@keydeck/contract/syslog';
import { useFormRefusals, useFormValues } from '../../../lib/use-form-refusals';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { FACILITY_OPTIONS, facilityDescription } from './facility-options';

type Field = keyof SyslogConfigFields;
const FIELDS: readonly Field[] = Object.keys(syslogConfigFields.shape) as Field[];

/** The IANA ports: 514 for syslog over UDP and TCP, 6514 for syslog over TLS (RFC 5425). */
const DEFAULT_PORT: Record<SyslogProtocol, number> = { udp: 514, tcp: 514, tls: 6514 };

type Values = Omit<SyslogConfigFields, 'port' | 'ca_certificate'> & { port: number | string; ca_certificate: string };

function valuesOf(config: SyslogConfig | undefined): Values {
  if (!config) return { name: '', host: '', port: DEFAULT_PORT.udp, protocol: 'udp', facility: DEFAULT_SYSLOG_FACILITY, enabled: true, ca_certificate: '' };
  const { name, host, port, protocol, facility, enabled, ca_certificate } = config;
  return { name, host, port, protocol, facility, enabled, ca_certificate: ca_certificate ?? '' };
}

interface SyslogConfigFormProps {
  /** Edit this configuration (every field is replaced); without it the form creates one. */
  config?: SyslogConfig;
  /** Resolves when saved; rejects with the server's refusal, which lands on the fields. */
  onSubmit: (fields: SyslogConfigFields) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  actions?: ReactNode;
}

/** One form for adding and changing a syslog server, checked with the contract's syslogConfigFields. */
export function SyslogConfigForm({ config, onSubmit, pending, submitLabel, actions }: SyslogConfigFormProps) {
  const { formRef, errors, message, clear, submit: send } = useFormRefusals({ fields: FIELDS, onSubmit });
  const { values, set } = useFormValues(() => valuesOf(config), clear);

  const setProtocol = (protocol: SyslogProtocol) => {
    // Follow the protocol's usual port unless the user typed another one.
    if (values.port === DEFAULT_PORT[values.protocol]) set('port', DEFAULT_PORT[protocol]);
    set('protocol', protocol);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    send(event, () =>
      syslogConfigFields.safeParse({
        ...values,
        port: values.port === '' ? Number.NaN : Number(values.port),
        // Only TLS uses a CA certificate; a PEM left in the field from an earlier choice is not kept.
        ca_certificate: values.protocol === 'tls' ? values.ca_certificate : null,
      }),
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={config ? `Syslog server ${config.name}` : 'New syslog server'}>
      <Stack gap="md">
        <FormAlert message={message} />
        <TextInput
          label="Name"
          withAsterisk
          description="How this server appears in the list"
          data-autofocus
          value={values.name}
          error={errors.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Radio.Group label="Protocol" value={values.protocol} onChange={(value) => setProtocol(value as SyslogProtocol)} error={errors.protocol}>
          <Group gap="lg" mt={6}>
            {SYSLOG_PROTOCOLS.map((protocol) => (
              <Radio key={protocol} value={protocol} label={SYSLOG_PROTOCOL_LABELS[protocol]} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Host"
            withAsterisk
            description="Host name or IP address"
            style={{ gridColumn: 'span 2' }}
            value={values.host}
            error={errors.host}
            onChange={(event) => set('host', event.currentTarget.value)}
          />
          <NumberInput
            label="Port"
            withAsterisk
            description="1-65535"
            min={1}
            max={65535}
            allowDecimal={false}
            allowNegative={false}
            value={values.port}
            error={errors.port}
            onChange={(value) => set('port', value)}
          />
        </SimpleGrid>
        <Select
          label="Facility"
          description="The syslog facility the audit events are sent with"
          data={FACILITY_OPTIONS}
          value={String(values.facility)}
          allowDeselect={false}
          searchable
          maxDropdownHeight={280}
          error={errors.facility}
          onChange={(value) => {
            if (value !== null) set('facility', Number(value));
          }}
          renderOption={({ option }) => (
            <div>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                {facilityDescription(Number(option.value))}
              </Text>
            </div>
          )}
        />
        {values.protocol === 'tls' ? (
          <Textarea
            label="CA certificate"
            description="PEM of the CA (or self-signed certificate) that signed the server's certificate. Leave empty to trust the system's CAs."
            placeholder="-----BEGIN CERTIFICATE-----"
            autosize
            minRows={4}
            maxRows={10}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
            value={values.ca_certificate}
            error={errors.ca_certificate}
            onChange={(event) => set('ca_certificate', event.currentTarget.value)}
          />
        ) : null}
        <Switch
          label="Enabled"
          description="Forward audit events to this server"
          checked={values.enabled}
          error={errors.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </form>
  );
}
