import { useMutation } from '@tanstack/react-query';
import { useCurrentService } from '../../../lib/service-session';

/** Selecting (or resetting, null) the current service, with the central error toast when the server refuses. */
export function useSelectService() {
  const { serviceId, select } = useCurrentService();
  const mutation = useMutation({
    mutationFn: (id: string | null) => select(id),
    meta: { errorContext: 'Could not select the service' },
  });
  return { currentId: serviceId, mutation };
}
