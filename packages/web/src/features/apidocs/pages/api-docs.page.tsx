import '@mantine/core/styles/Tabs.css';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useActiveTab, useChildTabs } from '../../../lib/navigation';
import { apiDocOfPath } from '../api-docs.products';
import { ApiReference } from '../components/api-reference';

/** A docs layout: a title, one tab per product (its child routes), the selected product's reference below. */
function ApiDocsLayout({ layoutId, title, intro }: { layoutId: string; title: string; intro: string }) {
  const tabs = useChildTabs(layoutId);
  const activeId = useActiveTab(tabs);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {intro}
        </Text>
      </div>
      <Tabs value={activeId ?? null}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.routeId} value={tab.routeId} renderRoot={(props) => <Link {...props} to={tab.to} />}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

const intro =
  'Every call the console makes, generated from the server’s routes. Try a call with your session, or paste a bearer token from an API credential under Authentication.';

export function AdminApiDocsPage() {
  return <ApiDocsLayout layoutId="/shell/v2/admin/apidocs" title="API documentation" intro={intro} />;
}

export function CustomerApiDocsPage() {
  return <ApiDocsLayout layoutId="/shell/v2/home/customer-docs" title="API reference" intro={intro} />;
}

/** One product's reference; which product comes from the tab's path (admin and customer pages name them differently). */
export function ApiReferencePage() {
  const doc = apiDocOfPath(useLocation({ select: (location) => location.pathname }));
  if (!doc) return <Alert color="error">There is no API document at this address.</Alert>;
  return <ApiReference key={doc.product} doc={doc} />;
}
