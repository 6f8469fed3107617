import { certificatesApi } from '@keydeck/contract/certificates.api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps.ts';
import { keystoreScope } from '../../platform/keystore-scope.ts';
import { serviceDataRoutes } from '../../platform/service-data-routes.ts';
import { namedList } from '../../platform/audit-batch.ts';
import type { AuditInput } from '../../platform/audit-declaration.ts';
import { declared } from '../../platform/endpoint-route.ts';
import { preparedValue } from '../../platform/prepared-value.ts';
import * as authorities from './authorities.service.ts';
import * as certificates from './issued-certificates.service.ts';

/** What a call acted on, by the service's name and what it was asked for (the first few of a batch). */
function serviceTarget({ request }: AuditInput, what: string[]) {
  return `${request.serviceAccess.serviceName}: ${namedList(what) || 'nothing'}`;
}
/** The items a batch answered for, done or not (its outcome says which); a refused call names what its body asked. */
const asked = (result: { results: { name: string }[] } | undefined, body: string[]) => result?.results.map((r) => r.name) ?? body;
/** The line of a `before` description that names the item, else the item alone. */
const described = (lines: string | undefined, name: string) => lines?.split('\n').find((line) => line.startsWith(`${name} (`)) ?? name;

/** A download: PEM text or DER bytes, as an attachment the browser saves under the name. */
function attachment(reply: FastifyReply, filename: string, type: string) {
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
}
const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'ca';
const PEM_TYPE = 'application/x-pem-file';

/** Which CRL a request answered with, for its audit event (the answer itself is the CRL's bytes). */
const crlServed = preparedValue<string | undefined>();

/**
 * Certificate authorities of the current service and the certificates they issue (spec §7 service/cert_authority;
 * sections Certificate Authorities and Certificate Management). Reading needs the CertManage category, changing
 * it the Modify level. Every call that signs, changes or hands out a certificate or CRL is audited with serials
 * and CA names; key material never leaves the keystore.
 */
export function register(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { view, modify, scopeOf } = serviceDataRoutes('CertManage', { scope: (base, request) => keystoreScope(base, request, deps.keystore) });

  routes.route({
    ...declared(certificatesApi.listCertAuthorities),
    config: view,
    handler: (request) => authorities.list(scopeOf(request)),
  });
  routes.route({
    ...declared(certificatesApi.createCertAuthority),
    config: modify,
    audit: {
      action: 'cert_authority.create',
      target: (input) => {
        const { body, result } = input;
        const where = body.parent ? `under ${body.parent}` : 'root';
        return serviceTarget(input, [result ? `${result.ca.ca_name} (${where}, ${result.ca.key_algorithm}, serial ${result.ca.serial}, until ${result.ca.not_after.slice(0, 10)})` : `${body.ca_name} (${where})`]);
      },
    },
    handler: async (request, reply) => {
      const created = await authorities.create(scopeOf(request), request.body);
      reply.status(201);
      return created;
    },
  });
  routes.route({
    ...declared(certificatesApi.deleteCertAuthorities),
    config: modify,
    audit: {
      action: 'cert_authority.delete',
      before: async ({ request, tx, body }) => ({ cas: await authorities.describeCas({ tx, access: request.serviceAccess }, body.cas) }),
      target: (input) =>
        serviceTarget(input, asked(input.result, input.body.cas).map((name) => `${described(input.before.cas, name)}${input.body.confirm ? ' confirmed' : ''}`)),
    },
    handler: (request) => authorities.remove(scopeOf(request), request.body.cas, request.body.confirm),
  });
  routes.route({
    ...declared(certificatesApi.downloadCertAuthority),
    config: view,
    audit: { action: 'cert_authority.download', target: (input) => serviceTarget(input, [`${input.query.ca}${input.query.chain ? ' with its chain' : ''}`]) },
    handler: async (request, reply) => {
      const { ca, pem } = await authorities.download(scopeOf(request), request.query.ca, request.query.chain);
      attachment(reply, `${fileName(ca.name)}${request.query.chain ? '-chain' : ''}.pem`, PEM_TYPE);
      return pem;
    },
  });
  routes.route({
    ...declared(certificatesApi.certAuthorityCrl),
    config: view,
    audit: { action: 'cert_authority.crl', target: (input) => serviceTarget(input, [crlServed.of(input.request) ?? `${input.query.ca} CRL`]) },
    handler: async (request, reply) => {
      const answer = await authorities.crl(scopeOf(request), request.query.ca);
      crlServed.set(request, `${answer.ca.name} CRL number ${answer.number}${answer.signed ? ', newly signed' : ''}`);
      const name = fileName(answer.ca.name);
      if (request.query.format === 'der') {
        attachment(reply, `${name}.crl`, 'application/pkix-crl');
        return answer.der as unknown as string;
      }
      attachment(reply, `${name}.crl.pem`, PEM_TYPE);
      return answer.pem;
    },
  });

  routes.route({
    ...declared(certificatesApi.listCertificates),
    config: view,
    handler: (request) => certificates.list(scopeOf(request), request.query),
  });
  routes.route({
    ...declared(certificatesApi.issueCertificate),
    config: modify,
    audit: {
      action: 'certificate.issue',
      target: (input) => {
        const issued = input.result?.certificate;
        return serviceTarget(input, [issued ? `serial ${issued.serial} (${issued.subject || issued.sans.join(' ')}) by CA ${issued.ca}, until ${issued.not_after.slice(0, 10)}` : `a certificate by CA ${input.body.ca}`]);
      },
    },
    handler: async (request, reply) => {
      const issued = await certificates.issue(scopeOf(request), request.body);
      reply.status(201);
      return issued;
    },
  });
  routes.route({
    ...declared(certificatesApi.revokeCertificates),
    config: modify,
    audit: {
      action: 'certificate.revoke',
      before: async ({ request, tx, body }) => ({ certificates: await certificates.describeCertificates({ tx, access: request.serviceAccess }, body.serials) }),
      target: (input) => serviceTarget(input, asked(input.result, input.body.serials).map((serial) => `${described(input.before.certificates, serial)} ${input.body.reason}`)),
    },
    handler: (request) => certificates.revoke(scopeOf(request), request.body.serials, request.body.reason),
  });
  routes.route({
    ...declared(certificatesApi.downloadCertificate),
    config: view,
    audit: { action: 'certificate.download', target: (input) => serviceTarget(input, [`serial ${input.query.serial}${input.query.chain ? ' with its chain' : ''}`]) },
    handler: async (request, reply) => {
      const { certificate, pem } = await certificates.download(scopeOf(request), request.query.serial, request.query.chain);
      attachment(reply, `${certificate.serial}${request.query.chain ? '-chain' : ''}.pem`, PEM_TYPE);
      return pem;
    },
  });
}
