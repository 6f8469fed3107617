import { randomInt } from 'node:crypto';

/** Letters and digits without the ones read alike (0/O, 1/l/I): PINs are read off a screen and typed. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 16 characters of 57: about 93 bits. */
export const PIN_LENGTH = 16;

/** A fresh random PIN (crypto.randomInt, so each character is uniform), longer where the blueprint asks for it. */
export function generatePin(policies: Record<string, unknown> = {}): string {
  const asked = typeof policies.min_pin_length === 'number' ? policies.min_pin_length : 0;
  let pin = '';
  for (let i = 0; i < Math.max(PIN_LENGTH, asked); i++) pin += ALPHABET[randomInt(ALPHABET.length)];
  return pin;
}

/** What a PIN is sealed for: bound to the HSM's row, so a sealed PIN copied onto another HSM does not open there. */
export const pinContext = (hsmId: string, which: 'so' | 'user') => `cloud-hsm:${hsmId}:${which}-pin`;

/** The cluster key's sealing context. */
export const clusterKeyContext = (clusterId: string) => `cluster:${clusterId}`;
