import { createContext, useContext } from 'react';
import type { Service } from '@keydeck/contract/services';

/**
 * The service whose workspace is open: the workspace layout provides it to its section routes. Apart from
 * service-sections.ts so the route table (service-section.ts) does not pull the service session into the first chunk.
 */
export const WorkspaceServiceContext = createContext<Service | null>(null);

export function useWorkspaceService(): Service {
  const service = useContext(WorkspaceServiceContext);
  if (!service) throw new Error('A workspace section opens only inside the service workspace');
  return service;
}
