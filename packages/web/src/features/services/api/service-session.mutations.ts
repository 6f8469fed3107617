import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginToService, logoutOfService } from '../../../lib/service-session';
import { showToast } from '../../../lib/toasts';

/** POST service/login/{id}; the refusal (not a service user, not enabled) is shown as the server says it. */
export function useServiceLogin(serviceId: string, serviceName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => loginToService(queryClient, serviceId),
    meta: { errorContext: `Could not log in to ${serviceName}` },
    onSuccess: () => showToast({ color: 'success', message: `Logged in to ${serviceName}.` }),
  });
}

export function useServiceLogout(serviceId: string, serviceName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logoutOfService(queryClient, serviceId),
    meta: { errorContext: `Could not log out of ${serviceName}` },
    onSuccess: () => showToast({ color: 'success', message: `Logged out of ${serviceName}.` }),
  });
}
