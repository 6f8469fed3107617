import '@mantine/core/styles/Tabs.css';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { useChildTabs } from '../../../lib/navigation';
import { paymentMethodsQueryOptions } from '../api/billing.api';
import { BillingQueryAlert, isBillingNotConfigured } from '../components/billing-query-alert';

const LAYOUT_ID = '/shell/v2/home/settings/billing';

/**
 * Settings › Billing: a heading, then its four sections as tabs (child routes). The cards on file are asked here
 * once for all of them: when billing is not configured the page says so above the tabs.
 */
export function BillingLayoutPage() {
  const tabs = useChildTabs(LAYOUT_ID);
  const activeId = useMatches({ select: (matches) => matches.find((match) => tabs.some((tab) => tab.routeId === match.routeId))?.routeId });
  const navigate = useNavigate();
  const methods = useQuery(paymentMethodsQueryOptions());

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          Billing
        </Title>
        <Text c="dimmed" mt={4}>
          Buy services, manage their subscriptions and your cards, and download invoices. Payments are processed by Stripe.
        </Text>
      </div>
      {isBillingNotConfigured(methods.error) ? <BillingQueryAlert what="Billing" query={methods} /> : null}
      <Tabs
        value={activeId ?? null}
        onChange={(routeId) => {
          const tab = tabs.find((candidate) => candidate.routeId === routeId);
          if (tab) void navigate({ to: tab.to });
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Billing sections">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.routeId} value={tab.routeId}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.routeId} value={tab.routeId} pt="lg">
            {tab.routeId === activeId ? <Outlet /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
