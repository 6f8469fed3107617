import { z } from 'zod';
import { authInfo } from './auth.ts';
import { distinctName } from './names.ts';

/** A registered security key as its owner sees it; the key material never leaves the server. */
export const securityKey = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type SecurityKey = z.infer<typeof securityKey>;
export const securityKeysResponse = z.object({ data: z.array(securityKey), total: z.number().int() });

export const securityKeyName = distinctName(z.string().trim().min(1, 'Name the key').max(100, 'Use at most 100 characters'));
export const securityKeyNameRequest = z.object({ name: securityKeyName });
export type SecurityKeyNameRequest = z.infer<typeof securityKeyNameRequest>;
export const securityKeyResponse = z.object({ security_key: securityKey });
export const securityKeyParams = z.object({ key_id: z.uuid() });

/** WebAuthn PublicKeyCredentialCreationOptions in their JSON form (binary fields base64url). */
export const securityKeyRegistrationOptions = z.object({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
    timeout: z.number().optional(),
    excludeCredentials: z
      .array(z.object({ type: z.string(), id: z.string(), transports: z.array(z.string()).optional() }))
      .optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
    hints: z.array(z.string()).optional(),
  });
export type SecurityKeyRegistrationOptions = z.infer<typeof securityKeyRegistrationOptions>;
export const securityKeyRegistrationBeginResponse = z.object({ options: securityKeyRegistrationOptions });

/** The authenticator's answer to navigator.credentials.create, binary fields base64url. */
export const securityKeyRegistrationRequest = z.object({
  name: securityKeyName,
  credential: z.object({
    id: z.string().min(1),
    rawId: z.string().min(1),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: z.string().min(1),
      attestationObject: z.string().min(1),
      transports: z.array(z.string()).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  }),
});
export type SecurityKeyRegistrationRequest = z.input<typeof securityKeyRegistrationRequest>;

/** A first factor also issues recovery codes (empty when the user already has them), shown once. */
export const securityKeyRegistrationResponse = z.object({
  security_key: securityKey,
  recovery_codes: z.array(z.string()),
  auth_info: authInfo,
});

const hex = z.string().regex(/^(?:[0-9a-fA-F]{2})+$/, 'Send u2f_data as hex');

/** Spec §7 u2f/authenticate/begin: hex of a CBOR-encoded PublicKeyCredentialRequestOptions. */
export const u2fBeginResponse = z.object({ u2f_data: z.string() });
/** Spec §7 u2f/authenticate/complete: hex of a CBOR map {credentialId, authenticatorData, clientDataJSON, signature}. */
export const u2fCompleteRequest = z.object({ u2f_data: hex.max(16384) });
