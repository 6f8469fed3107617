import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useActiveTab, useChildTabs, type ChildTab } from '../navigation';

interface RouteTabsProps {
  layoutId: string;
  label: string;
  params?: Record<string, string>;
  /** Which tabs the user may open (the service workspace's sections); all when absent. */
  shows?: (tab: ChildTab) => boolean;
}

/**
 * A layout's child routes as tabs, the open one's page in its panel. params fill the layout's own $params in the tabs'
 * paths. The tabs wrap onto a second row rather than hide any at narrow widths.
 */
export function RouteTabs({ layoutId, label, params, shows }: RouteTabsProps) {
  const tabs = useChildTabs(layoutId).filter((tab) => shows?.(tab) ?? true);
  const activeId = useActiveTab(tabs);
  const navigate = useNavigate();
  return (
    <Tabs
      value={activeId ?? null}
      onChange={(routeId) => {
        const tab = tabs.find((candidate) => candidate.routeId === routeId);
        if (tab) void navigate({ to: tab.to, params });
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label={label} style={{ flexWrap: 'wrap' }}>
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
  );
}
