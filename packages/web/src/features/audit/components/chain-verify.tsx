import { useState } from 'react';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ChainVerification } from '@keydeck/contract/audit';
import { formatDateTime } from '../../../lib/datetime';
import { chainVerificationQueryOptions } from '../api/audit.api';

/** The integrity check runs on request (it reads the whole chain); every later request runs it again. */
export function useChainVerification(accountId: string | undefined) {
  const [asked, setAsked] = useState(false);
  const [shown, setShown] = useState(false);
  const check = useQuery(chainVerificationQueryOptions(accountId, asked));
  return {
    verify: () => {
      setShown(true);
      if (asked) void check.refetch();
      else setAsked(true);
    },
    verifying: check.isFetching,
    result: shown && !check.isFetching ? check.data : undefined,
    dismiss: () => setShown(false),
  };
}

/** Intact: how many events were checked. Broken: the first event whose link does not match. */
export function ChainVerifyResult({ result, onClose }: { result: ChainVerification; onClose: () => void }) {
  const common = { variant: 'light', withCloseButton: true, closeButtonLabel: 'Dismiss', onClose, 'data-testid': 'chain-result' } as const;
  return result.intact ? (
    <Alert color="success" title="The audit log is intact" {...common}>
      All {result.checked} events were checked: each one still matches the hash chain.
    </Alert>
  ) : (
    <Alert color="error" title="The audit log has been altered" {...common}>
      {result.first_broken
        ? `The chain breaks at event #${result.first_broken.seq} (${formatDateTime(result.first_broken.occurred_at)}): ${result.first_broken.problem}. ${result.checked} events were checked.`
        : `${result.checked} events were checked and the chain does not hold.`}
    </Alert>
  );
}
