import { Navigate, useMatches } from '@tanstack/react-router';
import type { Service } from '@keydeck/contract/services';
import type { ChildTab } from '../lib/navigation';
import { useServiceSections, WorkspaceServiceContext } from '../lib/service-sections';
import { RouteTabs } from '../lib/ui/route-tabs';

/**
 * A service layout's child routes as tabs (the workspace's sections, the service's users and groups): a tab shows
 * when the caller may open it on the service (its staticData.serviceSection); a tab it may not open falls back to the
 * layout's first. The children read the service from WorkspaceServiceContext.
 */
export function ServiceSectionTabs({ service, layoutId, layoutPath, label }: { service: Service; layoutId: string; layoutPath: string; label: string }) {
  const sections = useServiceSections(service);
  const shows = (tab: ChildTab) => (tab.serviceSection ? sections.opens(tab.serviceSection) : true);
  const refused = useMatches({
    select: (matches) => matches.some((match) => match.staticData.serviceSection && !sections.opens(match.staticData.serviceSection)),
  });
  return (
    <WorkspaceServiceContext.Provider value={service}>
      {refused && !sections.isLoading ? <Navigate to={layoutPath} replace /> : <RouteTabs layoutId={layoutId} label={label} shows={shows} />}
    </WorkspaceServiceContext.Provider>
  );
}
