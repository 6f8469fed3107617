import { describe, expect, it } from 'vitest';
import {
  externalCaCreateBody,
  externalCaCreateToWire,
  externalCaDetail,
  externalCaDetailFromWire,
  externalCaUpdateBody,
  externalCaUpdateToWire,
} from './external-cas.ts';
import { Messages } from './messages.ts';

const wire = {
  id: 'b4c3a1d2-0000-4000-8000-000000000001',
  name: 'Partner Root',
  is_archived: false,
  has_probe_pki: false,
  object_type: 'RootCA',
  subject: 'CN=Partner Root',
  issuer: 'CN=Partner Root',
  serial: '01',
  not_before: '2026-01-01T00:00:00.000Z',
  not_after: '2036-01-01T00:00:00.000Z',
  sha256_fingerprint: 'AB:CD',
  certificate_data: 'MIIB',
};

describe('external CA messages', () => {
  it('carries the spec §4 and §8 texts word for word', () => {
    expect(Messages.externalCaArchived).toBe('Archived successfully.');
    expect(Messages.externalCaUnarchived).toBe('Moved from archive successfully.');
    expect(Messages.externalCaUploaded('Partner Root')).toBe('External CA Partner Root uploaded successfully.');
    expect(Messages.externalCaCreateFailed('Partner Root')).toBe('Failed to create external CA: Partner Root');
    expect(Messages.externalCaCreateFailed('Partner Root') + Messages.externalCaInvalidCertificate).toBe(
      'Failed to create external CA: Partner Root Error: Invalid certificate.',
    );
    expect(Messages.externalCaUpdateFailed('gone')).toBe('Failed to archive/unarchive: gone');
    expect(Messages.externalCasFetchFailed).toBe('Failed fetching External CAs.');
    expect(Messages.externalCaDetailsFailed('Partner Root')).toBe('Failed receiving details of the external CA Partner Root.');
    expect(Messages.externalCaDownloaded('Partner Root')).toBe('Downloaded the external CA Partner Root successfully.');
    expect(Messages.externalCasFetchFallback).toBe('Failed to fetch externalCas.');
    expect(Messages.externalCaFetchFallback).toBe('Failed to fetch an externalCa.');
    expect(Messages.externalCaUpdateFallback).toBe('Failed to update an external CA.');
  });
});

describe('external CA wire', () => {
  it('maps snake_case on the wire to camelCase in the client and back', () => {
    const detail = externalCaDetailFromWire(externalCaDetail.parse(wire));
    expect(detail).toMatchObject({ isArchived: false, hasProbePki: false, objectType: 'RootCA', sha256Fingerprint: 'AB:CD', certificateData: 'MIIB' });
    expect(externalCaCreateToWire({ externalCaName: 'Partner Root', externalCaFile: 'MIIB' })).toEqual({
      external_ca_name: 'Partner Root',
      external_ca_file: 'MIIB',
    });
    expect(externalCaUpdateToWire({ id: 'x', isArchived: true })).toEqual({ id: 'x', is_archived: true });
  });

  it('holds the spec §5 and §9 limits', () => {
    expect(externalCaDetail.safeParse({ ...wire, id: 'x'.repeat(51) }).success).toBe(false);
    expect(externalCaDetail.safeParse({ ...wire, name: 'x'.repeat(201) }).success).toBe(false);
    expect(externalCaDetail.safeParse({ ...wire, object_type: 'x'.repeat(51) }).success).toBe(false);
    expect(externalCaDetail.safeParse({ ...wire, certificate_data: 'not base64!' }).success).toBe(false);
    expect(externalCaCreateBody.safeParse({ external_ca_name: 'x'.repeat(30), external_ca_file: 'MIIB' }).success).toBe(true);
    expect(externalCaCreateBody.safeParse({ external_ca_name: 'x'.repeat(31), external_ca_file: 'MIIB' }).success).toBe(false);
    expect(externalCaCreateBody.safeParse({ external_ca_name: 'x', external_ca_file: '' }).success).toBe(false);
    expect(externalCaCreateBody.safeParse({ external_ca_name: 'x', external_ca_file: '-----BEGIN' }).success).toBe(false);
    expect(externalCaUpdateBody.safeParse({ id: 'x'.repeat(50), is_archived: true }).success).toBe(true);
    expect(externalCaUpdateBody.safeParse({ id: 'x'.repeat(51), is_archived: true }).success).toBe(false);
    expect(externalCaUpdateBody.safeParse({ id: 'x', is_archived: 'yes' }).success).toBe(false);
  });
});
