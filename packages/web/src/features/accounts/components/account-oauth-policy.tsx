import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import { Paper, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OAuthMessages } from '@keydeck/contract/oauth';
import { showToast } from '../../../lib/toasts';
import { accountOAuthPolicyQueryOptions, useSetAccountOAuthPolicy } from '../api/account-oauth-policy.api';

/**
 * Whether the account's users may allow OAuth applications of other accounts: a section of its own beside the
 * company form, since it is saved as soon as it moves.
 */
export function AccountOAuthPolicy({ accountId }: { accountId: string }) {
  const policy = useQuery(accountOAuthPolicyQueryOptions(accountId));
  const save = useSetAccountOAuthPolicy(accountId);
  if (!policy.data) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={760}>
      <Text fw={600} mb="md">
        OAuth applications
      </Text>
      <Switch
        label={OAuthMessages.otherCompanyPolicyLabel}
        // The label element wraps the description too: the name is the label alone.
        aria-label={OAuthMessages.otherCompanyPolicyLabel}
        description={OAuthMessages.otherCompanyPolicyHelp}
        checked={save.isPending ? save.variables.other_company_clients : policy.data.other_company_clients}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(
            { other_company_clients: event.currentTarget.checked },
            {
              onSuccess: (saved) =>
                showToast({ color: 'success', message: saved.other_company_clients ? "Other companies' applications allowed." : "Other companies' applications refused." }),
            },
          )
        }
      />
    </Paper>
  );
}
