import { decodeCBOR, encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const bytes = (value: CBORType) => {
  if (!(value instanceof Uint8Array)) throw new Error('The server sent an unreadable security key request.');
  return new Uint8Array(value);
};

/**
 * Spec §7 u2f_data both ways: the hex CBOR credential request becomes navigator.credentials.get's options,
 * and the key's answer goes back as hex of the CBOR map {credentialId, authenticatorData, clientDataJSON, signature}.
 */
export async function answerU2fRequest(u2fData: string): Promise<string> {
  if (!window.PublicKeyCredential) throw new Error('This browser cannot use security keys.');
  const request = decodeCBOR(fromHex(u2fData));
  if (!(request instanceof Map)) throw new Error('The server sent an unreadable security key request.');
  const allowed = (request.get('allowCredentials') as Map<string, CBORType>[] | undefined) ?? [];
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: bytes(request.get('challenge')!),
      rpId: request.get('rpId') as string,
      timeout: request.get('timeout') as number,
      userVerification: request.get('userVerification') as UserVerificationRequirement,
      allowCredentials: allowed.map((entry) => ({ type: 'public-key' as const, id: bytes(entry.get('id')!) })),
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('The security key gave no answer.');
  const response = credential.response as AuthenticatorAssertionResponse;
  const answer = new Map<string, CBORType>([
    ['credentialId', new Uint8Array(credential.rawId)],
    ['authenticatorData', new Uint8Array(response.authenticatorData)],
    ['clientDataJSON', new Uint8Array(response.clientDataJSON)],
    ['signature', new Uint8Array(response.signature)],
  ]);
  return toHex(encodeCBOR(answer));
}
