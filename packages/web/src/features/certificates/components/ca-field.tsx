import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CertAuthority } from '@keydeck/contract/certificates';
import { formatDate } from '../../../lib/datetime';
import { SelectField } from '../../../lib/ui/choice-fields';
import { certAuthoritiesQueryOptions } from '../api/cert-authorities.api';

interface CaFieldProps {
  serviceId: string;
  name: string;
  label: string;
  description?: string;
  /** Which CAs may be chosen (active ones, ones that allow a CA below them…). */
  offers: (ca: CertAuthority) => boolean;
  /** Said when no CA may be chosen. */
  noneText: string;
  withAsterisk?: boolean;
  onChange?: (value: string | number) => void;
  'data-autofocus'?: boolean;
}

/** A CA of the service by name, each option with its place in the tree and its subject; the service has few, so all are offered. */
export function CaField({ serviceId, offers, noneText, ...props }: CaFieldProps) {
  const cas = useQuery(certAuthoritiesQueryOptions(serviceId));
  const offered = (cas.data?.cas ?? []).filter(offers);
  const byName = new Map(offered.map((ca) => [ca.ca_name, ca]));
  return (
    <SelectField
      {...props}
      data={offered.map((ca) => ({ value: ca.ca_name, label: ca.ca_name }))}
      placeholder={cas.data && offered.length === 0 ? noneText : 'Choose a CA'}
      nothingFoundMessage={noneText}
      searchable
      renderOption={({ option }) => {
        const ca = byName.get(option.value);
        return (
          <Stack gap={0} pl={(ca?.depth ?? 0) * 14}>
            <Text size="sm">{option.label}</Text>
            {ca ? (
              <Text size="xs" c="dimmed">
                {ca.subject} · until {formatDate(ca.not_after)}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
