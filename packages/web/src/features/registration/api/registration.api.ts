import { useMutation } from '@tanstack/react-query';
import type { RegistrationRequest } from '@keydeck/contract/registration';
import { registrationApi } from '@keydeck/contract/registration.api';
import { callApi } from '../../../lib/api-client';

/** Public calls: ignoreAuth keeps a 401 from counting as a lost session. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegistrationRequest) =>
      callApi(registrationApi.register, { body, ignoreAuth: true }),
    meta: { errorContext: 'Could not register', inlineErrorStatuses: [400] },
  });
}

/** A refusal (400: used or expired link; 409: slug or username taken meanwhile) shows on the page. */
export function useConfirmRegistration() {
  return useMutation({
    mutationFn: (token: string) =>
      callApi(registrationApi.confirmRegistration, { body: { token }, ignoreAuth: true }),
    meta: { errorContext: 'Could not confirm the registration', inlineErrorStatuses: [400, 409] },
  });
}
