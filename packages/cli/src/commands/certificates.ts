import { writeFileSync } from 'node:fs';
import { Option, type Command } from '@commander-js/extra-typings';
import { certificatesApi } from '@keydeck/contract/certificates.api';
import { REVOCATION_REASONS, type CertAuthority } from '@keydeck/contract/certificates';
import type { Context } from '../context.ts';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import { examples } from '../help.ts';
import type { Column } from '../output.ts';
import { SERVICE_OPTION, serviceClient } from '../service-call.ts';
import { validated } from '../validate.ts';
import * as issue from './certificates/issue.ts';
import { batchColumns, failIfAny } from './keys/batch-report.ts';

const caColumns: Column<CertAuthority>[] = [
  { header: 'Name', value: (ca) => `${'  '.repeat(ca.depth)}${ca.ca_name}` },
  { header: 'Subject', value: (ca) => ca.subject },
  { header: 'Key', value: (ca) => ca.key_algorithm },
  { header: 'Status', value: (ca) => ca.status },
  { header: 'Not after', value: (ca) => ca.not_after },
  { header: 'Issued', value: (ca) => ca.certificates_issued },
  { header: 'CRL number', value: (ca) => ca.crl_number },
  { header: 'SHA-256 fingerprint', value: (ca) => ca.sha256_fingerprint },
];

export function register(program: Command, context: Context): void {
  const certificates = program.command('certificates').description("The service's certificate authorities and the certificates they issue");

  certificates
    .command('cas')
    .description("List the service's certificate authorities (each under its parent)")
    .option(...SERVICE_OPTION)
    .addHelpText('after', examples(['keydeck certificates cas', 'keydeck certificates cas --output json']))
    .action(async (options) => {
      const answer = await (await serviceClient(context, options.service)).client.of(certificatesApi).listCertAuthorities({});
      context.output.rows(answer.cas, caColumns, answer);
    });

  issue.register(certificates, context);

  certificates
    .command('revoke')
    .description('Revoke certificates by serial number; the next CRL lists them')
    .argument('<serials...>', 'serial numbers in hex (colons allowed, as openssl prints them)')
    .addOption(new Option('--reason <reason>', 'the RFC 5280 reason').choices(REVOCATION_REASONS).default('unspecified' as const))
    .option(...SERVICE_OPTION)
    .addHelpText('after', `\nPrints one result a serial in the server's words; exits 1 when any was not revoked.\n${examples(['keydeck certificates revoke 5A:1F:03:9C --reason keyCompromise', 'keydeck certificates revoke $(cat serials.txt) --reason superseded'])}`)
    .action(async (serials, options) => {
      const body = validated(certificatesApi.revokeCertificates.body, { serials, reason: options.reason });
      const answer = await (await serviceClient(context, options.service)).client.of(certificatesApi).revokeCertificates({ body });
      context.output.rows(answer.results, batchColumns, answer);
      failIfAny(answer.results);
    });

  certificates
    .command('crl')
    .description("Download a CA's current certificate revocation list (PEM)")
    .requiredOption('--ca <name>', 'the certificate authority')
    .option('--out <file>', 'write it to this file rather than stdout')
    .option(...SERVICE_OPTION)
    .addHelpText('after', examples(['keydeck certificates crl --ca "Terminal CA" --out terminal-ca.crl', 'keydeck certificates crl --ca "Terminal CA" | openssl crl -noout -text']))
    .action(async (options) => {
      const query = validated(certificatesApi.certAuthorityCrl.query, { ca: options.ca, format: 'pem' });
      const pem = await (await serviceClient(context, options.service)).client.of(certificatesApi).certAuthorityCrl({ query });
      if (options.out === undefined) return context.output.raw(pem);
      try {
        writeFileSync(options.out, pem);
      } catch (error) {
        throw new CliError(`Cannot write ${options.out}: ${(error as Error).message}`, ExitCode.usage);
      }
      context.output.progress(`Wrote the CRL of ${options.ca} to ${options.out}`);
    });
}
