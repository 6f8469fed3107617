import { describe, expect, it } from 'vitest';
import { CLOUD_HSM_STATUS_LABELS, CLOUD_HSM_STEPS, CloudHsmMessages, cloudHsmBackupBody, cloudHsmRequestBody, clusterDeleteBody } from './cloud-hsms.ts';
import { cloudHsmsQuery } from './cloud-hsms-queries.ts';

const ids = { blueprint_id: '6f1c2a9e-0000-4000-8000-000000000001', zone_id: '6f1c2a9e-0000-4000-8000-000000000002' };

describe('cloud HSM contract', () => {
  it('says the texts of the plan word for word', () => {
    expect(CLOUD_HSM_STATUS_LABELS.PendingProvisioning).toBe('Pending Provisioning');
    expect(CloudHsmMessages.noAddress('fra1-a')).toBe('No free address in zone fra1-a');
    expect(CloudHsmMessages.noSeat('Luna 7')).toBe('No license seat free for model Luna 7');
    expect(CloudHsmMessages.confirmName).toBe("Type the HSM's name to confirm");
    expect(CloudHsmMessages.pinsShown).toBe('The PINs were shown once; rotate the user PIN to get a new one');
    expect(CLOUD_HSM_STEPS).toEqual(['requested', 'placed', 'addressed', 'ported', 'token', 'enabled']);
  });

  it('takes a name that can be the token label: 32 characters of letters, digits, spaces, dots, dashes, underscores', () => {
    expect(cloudHsmRequestBody.safeParse({ name: ' Payments HSM 1 ', ...ids }).data?.name).toBe('Payments HSM 1');
    expect(cloudHsmRequestBody.safeParse({ name: 'x'.repeat(33), ...ids }).success).toBe(false);
    expect(cloudHsmRequestBody.safeParse({ name: '-leading', ...ids }).success).toBe(false);
    expect(cloudHsmRequestBody.safeParse({ name: 'a/b', ...ids }).success).toBe(false);
  });

  it('wants a backup passphrase of 12 characters or more', () => {
    expect(cloudHsmBackupBody.safeParse({ passphrase: 'x'.repeat(11) }).error?.issues[0]?.message).toBe(CloudHsmMessages.passphraseShort);
    expect(cloudHsmBackupBody.safeParse({ passphrase: 'x'.repeat(12) }).success).toBe(true);
  });

  it('lists Deprovisioned HSMs only when asked, and deletes a cluster unconfirmed without a body', () => {
    expect(cloudHsmsQuery.parse({}).include_deprovisioned).toBeUndefined();
    expect(cloudHsmsQuery.parse({ include_deprovisioned: 'true' }).include_deprovisioned).toBe(true);
    expect(clusterDeleteBody.parse(null)).toBeNull();
    expect(clusterDeleteBody.parse({})).toEqual({ confirm: false });
  });
});
