import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { HsmDriver } from './hsm-driver.ts';
import { createSoftHsm2Driver } from './softhsm2/softhsm2-driver.ts';

/**
 * What this server process hosts: the driver of each provisioner whose partitions live on this machine, by
 * provisioner id. The built-in provisioner's driver exists from the start; the agent enters it under the
 * provisioner's id once it has registered. Routes and jobs reach a partition only through this map: a partition of
 * a provisioner hosted elsewhere is not on this machine.
 */
export type CloudHsmHost = {
  readonly builtin: HsmDriver;
  readonly drivers: Map<string, HsmDriver>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The cloud HSM module's host (cloud-hsm-host.ts): the drivers of what this process hosts. */
    cloudHsmHost: CloudHsmHost;
  }
}

export function createCloudHsmHost(config: Pick<Config, 'cloudHsm'>): CloudHsmHost {
  return { builtin: createSoftHsm2Driver({ root: config.cloudHsm.root, library: config.cloudHsm.softhsm2Library }), drivers: new Map() };
}

/** Made once per app by the module's register, for start.ts to hand to the provisioner agent. */
export function attachHost(app: FastifyInstance, host: CloudHsmHost): void {
  app.decorate('cloudHsmHost', host);
}

/**
 * A driver that can describe a partition of this kind (connection details derive from the partition's ref alone):
 * the hosting one when this process hosts the provisioner, else one of the same kind.
 */
export function describingDriver(host: CloudHsmHost, provisionerId: string | null, kind: string | null): HsmDriver | null {
  const hosted = provisionerId ? host.drivers.get(provisionerId) : undefined;
  if (hosted) return hosted;
  return kind === host.builtin.kind ? host.builtin : null;
}
