import type { SecurityKeyRegistrationOptions, SecurityKeyRegistrationRequest } from '@keydeck/contract/security-keys';
import { fromBase64url, toBase64url } from './base64url';

/** navigator.credentials.create with the server's JSON options; the answer in the JSON form the server verifies. */
export async function createSecurityKeyCredential(options: SecurityKeyRegistrationOptions): Promise<SecurityKeyRegistrationRequest['credential']> {
  if (!window.PublicKeyCredential) throw new Error('This browser cannot use security keys.');
  const credential = (await navigator.credentials.create({
    publicKey: {
      rp: options.rp,
      timeout: options.timeout,
      challenge: fromBase64url(options.challenge),
      user: { ...options.user, id: fromBase64url(options.user.id) },
      pubKeyCredParams: options.pubKeyCredParams.map(({ alg }) => ({ type: 'public-key' as const, alg })),
      excludeCredentials: options.excludeCredentials?.map(({ id, transports }) => ({
        type: 'public-key' as const,
        id: fromBase64url(id),
        transports: transports as AuthenticatorTransport[] | undefined,
      })),
      authenticatorSelection: options.authenticatorSelection as AuthenticatorSelectionCriteria | undefined,
      attestation: options.attestation as AttestationConveyancePreference | undefined,
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('The security key gave no answer.');
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: 'public-key',
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: response.getTransports?.() ?? [],
    },
    clientExtensionResults: {},
  };
}
