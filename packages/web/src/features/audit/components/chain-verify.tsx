import { useState } from 'react';
import { Alert, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ChainVerification } from '@keydeck/contract/audit';
import { formatDateTime } from '../../../lib/datetime';
import { chainVerificationQueryOptions } from '../api/audit.api';

/** The integrity check runs on request (it reads whole chains); every later request runs it again. */
export function useChainVerification(accountId: string | undefined, every: boolean) {
  const [asked, setAsked] = useState(false);
  const [shown, setShown] = useState(false);
  const check = useQuery(chainVerificationQueryOptions(accountId, every, asked));
  return {
    verify: () => {
      setShown(true);
      if (asked) void check.refetch();
      else setAsked(true);
    },
    verifying: check.isFetching,
    result: shown && !check.isFetching ? check.data?.chains : undefined,
    dismiss: () => setShown(false),
  };
}

const chainName = (chain: ChainVerification) => chain.account_name ?? (chain.account_id ? chain.account_id : 'Anonymous sign-in attempts');

/** Per chain: intact with how many events were checked, or every break found (the first hundred listed). */
export function ChainVerifyResult({ result, onClose }: { result: ChainVerification[]; onClose: () => void }) {
  const broken = result.filter((chain) => !chain.intact);
  const checked = result.reduce((sum, chain) => sum + chain.checked, 0);
  const common = { variant: 'light', withCloseButton: true, closeButtonLabel: 'Dismiss', onClose, 'data-testid': 'chain-result' } as const;
  const scope = result.length === 1 ? `the log of ${chainName(result[0]!)}` : `${result.length} logs`;
  if (broken.length === 0) {
    return (
      <Alert color="success" title="The audit log is intact" {...common}>
        {checked === 1 ? 'The one event' : `All ${checked} events`} of {scope} {checked === 1 ? 'was' : 'were'} checked: each one still matches its
        keyed link.
      </Alert>
    );
  }
  return (
    <Alert color="error" title="The audit log has been altered" {...common}>
      <Stack gap="xs">
        <Text size="sm">
          {checked} events of {scope} were checked; {broken.length === 1 ? 'one log does' : `${broken.length} logs do`} not hold.
        </Text>
        {broken.map((chain) => (
          <div key={chain.account_id ?? 'anonymous'}>
            <Text size="sm" fw={600}>
              {chainName(chain)}: {chain.break_count} {chain.break_count === 1 ? 'break' : 'breaks'}
            </Text>
            <List size="sm">
              {chain.breaks.map((b, index) => (
                <List.Item key={`${b.seq}-${index}`}>
                  Event #{b.seq}
                  {b.occurred_at ? ` (${formatDateTime(b.occurred_at)})` : ''}: {b.problem}
                </List.Item>
              ))}
            </List>
            {chain.break_count > chain.breaks.length ? (
              <Text size="xs" c="dimmed">
                and {chain.break_count - chain.breaks.length} more
              </Text>
            ) : null}
          </div>
        ))}
      </Stack>
    </Alert>
  );
}
