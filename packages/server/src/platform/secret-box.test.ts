import { describe, expect, it } from 'vitest';
import { createSecretBox, newEncryptionKey } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox(newEncryptionKey());

  it('seals to a fresh ciphertext each time and opens it again', () => {
    const a = box.seal('client-secret-1', 'identity_provider:1');
    const b = box.seal('client-secret-1', 'identity_provider:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret-1');
    expect(a.startsWith('v1.')).toBe(true);
    expect(box.open(a, 'identity_provider:1')).toBe('client-secret-1');
    expect(box.open(box.seal('', 'c'), 'c')).toBe('');
  });

  it('refuses altered values, another context and another key', () => {
    const sealed = box.seal('s3cret', 'identity_provider:1');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'identity_provider:1')).toThrow();
    expect(() => box.open(sealed, 'identity_provider:2')).toThrow();
    expect(() => createSecretBox(newEncryptionKey()).open(sealed, 'identity_provider:1')).toThrow();
    expect(() => box.open('plain text', 'identity_provider:1')).toThrow('Not a sealed secret');
  });

  it('accepts only 32-byte keys', () => {
    expect(() => createSecretBox(Buffer.alloc(16).toString('base64url'))).toThrow('32 bytes');
  });
});
