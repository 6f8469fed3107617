import type { CloudHsmPort, CloudHsmSummary } from '@keydeck/contract/cloud-hsms';

/** A location as the customer reads it: the zone, then where it is. */
export const zoneLabel = (zone: CloudHsmSummary['zone']) => `${zone.location} · ${zone.datacenter_name} (${zone.name})`;

/** "2000 pkcs11 · 2001 admin": each port with what it is for. */
export const portsText = (ports: CloudHsmPort[]) => ports.map((port) => `${port.port} ${port.purpose}`).join(' · ');

/** "3 objects", "1 object". */
export const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

/** Bytes as people read them (free memory of a token). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}
