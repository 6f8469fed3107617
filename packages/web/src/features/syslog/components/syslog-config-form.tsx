import type { ReactNode } from 'react';
import { z } from 'zod';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DEFAULT_SYSLOG_FACILITY,
  SYSLOG_PROTOCOL_LABELS,
  SYSLOG_PROTOCOLS,
  syslogConfigFields,
  type SyslogConfig,
  type SyslogConfigFields,
  type SyslogProtocol,
} from '@keydeck/contract/syslog';
import { useContractForm } from '../../../lib/use-contract-form';
import { RadioGroupField, SelectField, SwitchField } from '../../../lib/ui/choice-fields';
import { ContractForm } from '../../../lib/ui/contract-form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { FormFooter } from '../../../lib/ui/form-footer';
import { NumberField } from '../../../lib/ui/number-field';
import { TextField } from '../../../lib/ui/text-fields';
import { TextareaField } from '../../../lib/ui/textarea-field';
import { FACILITY_OPTIONS, facilityDescription } from './facility-options';

/** The IANA ports: 514 for syslog over UDP and TCP, 6514 for syslog over TLS (RFC 5425). */
const DEFAULT_PORT: Record<SyslogProtocol, number> = { udp: 514, tcp: 514, tls: 6514 };

/** Only TLS uses a CA certificate: a PEM left in the field from an earlier choice is neither checked nor kept. */
const formSchema = syslogConfigFields.extend({ ca_certificate: z.string() }).transform((fields, ctx) => {
  if (fields.protocol !== 'tls') return { ...fields, ca_certificate: null };
  const pem = syslogConfigFields.shape.ca_certificate.safeParse(fields.ca_certificate);
  if (pem.success) return { ...fields, ca_certificate: pem.data };
  ctx.addIssue({ code: 'custom', path: ['ca_certificate'], message: pem.error.issues[0]!.message });
  return z.NEVER;
});

function valuesOf(config: SyslogConfig | undefined): z.input<typeof formSchema> {
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
  const form = useContractForm({ schema: formSchema, defaultValues: valuesOf(config), onSubmit });
  const followPort = (protocol: string) => {
    // Follow the protocol's usual port unless the user typed another one.
    const { port, protocol: previous } = form.getValues();
    if (port === DEFAULT_PORT[previous]) form.setValue('port', DEFAULT_PORT[protocol as SyslogProtocol]);
  };

  return (
    <ContractForm form={form} aria-label={config ? `Syslog server ${config.name}` : 'New syslog server'}>
      <Stack gap="md">
        <FormAlert />
        <TextField name="name" label="Name" withAsterisk description="How this server appears in the list" data-autofocus />
        <RadioGroupField name="protocol" label="Protocol" onChange={followPort}>
          <Group gap="lg" mt={6}>
            {SYSLOG_PROTOCOLS.map((protocol) => (
              <Radio key={protocol} value={protocol} label={SYSLOG_PROTOCOL_LABELS[protocol]} />
            ))}
          </Group>
        </RadioGroupField>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="sm">
          <TextField name="host" label="Host" withAsterisk description="Host name or IP address" style={{ gridColumn: 'span 2' }} />
          <NumberField name="port" label="Port" withAsterisk description="1-65535" min={1} max={65535} allowDecimal={false} allowNegative={false} />
        </SimpleGrid>
        <SelectField
          name="facility"
          numeric
          label="Facility"
          description="The syslog facility the audit events are sent with"
          data={FACILITY_OPTIONS}
          allowDeselect={false}
          searchable
          maxDropdownHeight={280}
          renderOption={({ option }) => (
            <div>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                {facilityDescription(Number(option.value))}
              </Text>
            </div>
          )}
        />
        {form.watch('protocol') === 'tls' ? (
          <TextareaField
            name="ca_certificate"
            label="CA certificate"
            description="PEM of the CA (or self-signed certificate) that signed the server's certificate. Leave empty to trust the system's CAs."
            placeholder="-----BEGIN CERTIFICATE-----"
            autosize
            minRows={4}
            maxRows={10}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
          />
        ) : null}
        <SwitchField name="enabled" label="Enabled" description="Forward audit events to this server" />
        <FormFooter actions={actions} submitLabel={submitLabel} pending={pending} />
      </Stack>
    </ContractForm>
  );
}
