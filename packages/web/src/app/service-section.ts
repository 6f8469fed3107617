import { createElement } from 'react';
import type { AsyncRouteComponent } from '@tanstack/react-router';
import type { Service } from '@keydeck/contract/services';
import { useWorkspaceService } from '../lib/workspace-service';

/**
 * A workspace section's route component: the feature's section (split into its own chunk) given the workspace's
 * service. The router preloads its code as it does a screen's.
 */
export function serviceSection(Section: AsyncRouteComponent<{ service: Service }>) {
  function ServiceSectionScreen() {
    return createElement(Section, { service: useWorkspaceService() });
  }
  return Object.assign(ServiceSectionScreen, { preload: Section.preload });
}
