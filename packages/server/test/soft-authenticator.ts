import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { decodeCBOR, encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

/**
 * A software FIDO2 authenticator for API tests: a real P-256 key pair that answers WebAuthn registration
 * (attestation "none") and authentication requests with real ECDSA signatures, as a security key and the
 * browser together would. It knows nothing of the server's code.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  /** The signature counter the next assertion reports (then incremented); tests may set it back. */
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** navigator.credentials.create: answers JSON registration options (as the server sends them). */
  create(options: { challenge: string; rp: { id?: string } }, origin: string) {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, CBORType>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, encodeCBOR(coseKey)]);
    // Flags: user present, user verified, attested credential data included.
    const authData = Buffer.concat([this.rpIdHash(options.rp.id!), Buffer.from([0x45]), this.counterBytes(), attested]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get for spec §7's hex CBOR request: signs authenticatorData || SHA-256(clientDataJSON)
   * and answers the hex CBOR map {credentialId, authenticatorData, clientDataJSON, signature}.
   */
  get(u2fData: string, origin: string, overrides: { type?: string; rpId?: string } = {}): string {
    const request = decodeCBOR(new Uint8Array(Buffer.from(u2fData, 'hex'))) as Map<string, CBORType>;
    const challenge = Buffer.from(request.get('challenge') as Uint8Array).toString('base64url');
    const rpId = overrides.rpId ?? (request.get('rpId') as string);
    // Flags: user present, user verified.
    const authenticatorData = Buffer.concat([this.rpIdHash(rpId), Buffer.from([0x05]), this.counterBytes()]);
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.get', challenge, origin);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign('sha256', signed, this.privateKey);
    const answer = new Map<string, CBORType>([
      ['credentialId', new Uint8Array(this.credentialId)],
      ['authenticatorData', new Uint8Array(authenticatorData)],
      ['clientDataJSON', new Uint8Array(clientDataJSON)],
      ['signature', new Uint8Array(signature)],
    ]);
    return Buffer.from(encodeCBOR(answer)).toString('hex');
  }

  private rpIdHash(rpId: string) {
    return createHash('sha256').update(rpId).digest();
  }

  private counterBytes() {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    this.counter += 1;
    return bytes;
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}
