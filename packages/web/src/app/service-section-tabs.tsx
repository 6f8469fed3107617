import { Navigate, useMatches } from '@tanstack/react-router';
import type { Service } from '@keydeck/contract/services';
import type { ChildTab } from '../lib/navigation';
import { useServiceSections } from '../lib/service-sections';
import { WorkspaceServiceContext } from '../lib/workspace-service';
import { RouteTabs } from '../lib/ui/route-tabs';
import { SectionNav } from '../lib/ui/section-nav';

/**
 * A service layout's child routes as tabs (the workspace's sections, the service's users and groups): a tab shows
 * when the caller may open it on the service (its staticData.serviceSection); a tab it may not open falls back to the
 * layout's first. The children read the service from WorkspaceServiceContext. `grouped` shows them as the grouped
 * section navigation (the workspace's many sections) rather than tabs (a few).
 */
export function ServiceSectionTabs({
  service,
  layoutId,
  layoutPath,
  label,
  grouped = false,
}: {
  service: Service;
  layoutId: string;
  layoutPath: string;
  label: string;
  grouped?: boolean;
}) {
  const Navigation = grouped ? SectionNav : RouteTabs;
  const sections = useServiceSections(service);
  const shows = (tab: ChildTab) => (tab.serviceSection ? sections.opens(tab.serviceSection) : true);
  const refused = useMatches({
    select: (matches) => matches.some((match) => match.staticData.serviceSection && !sections.opens(match.staticData.serviceSection)),
  });
  return (
    <WorkspaceServiceContext.Provider value={service}>
      {refused && !sections.isLoading ? <Navigate to={layoutPath} replace /> : <Navigation layoutId={layoutId} label={label} shows={shows} />}
    </WorkspaceServiceContext.Provider>
  );
}
