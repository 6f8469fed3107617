import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@keydeck/contract/http';
import { registrationConfirmed, registrationRequested, type RegistrationRequest } from '@keydeck/contract/registration';
import { apiRequest } from '../../../lib/api-client';

/** Public calls: ignoreAuth keeps a 401 from counting as a lost session. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegistrationRequest) =>
      apiRequest(ApiPath.registration, { method: 'POST', body, schema: registrationRequested, ignoreAuth: true }),
    meta: { errorContext: 'Could not register', inlineErrorStatuses: [400] },
  });
}

/** A refusal (400: used or expired link; 409: slug or username taken meanwhile) shows on the page. */
export function useConfirmRegistration() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest(ApiPath.registrationConfirm, { method: 'POST', body: { token }, schema: registrationConfirmed, ignoreAuth: true }),
    meta: { errorContext: 'Could not confirm the registration', inlineErrorStatuses: [400, 409] },
  });
}
