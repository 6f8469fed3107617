import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import { certificatesApi } from '@keydeck/contract/certificates.api';
import { certificateIssueBody, EXTENDED_KEY_USAGES } from '@keydeck/contract/certificates';
import { CallError } from '@keydeck/client/call';
import type { Context } from '../../context.ts';
import { CliError, describeFailure } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import { examples } from '../../help.ts';
import type { Column } from '../../output.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { problems } from '../../validate.ts';
import { failIfAny } from '../keys/batch-report.ts';

interface FileResult {
  file: string;
  success: boolean;
  serial: string;
  subject: string;
  certificate: string;
  message: string;
}

const fileColumns: Column<FileResult>[] = [
  { header: 'File', value: (r) => r.file },
  { header: 'Result', value: (r) => (r.success ? 'ok' : 'failed') },
  { header: 'Serial', value: (r) => r.serial },
  { header: 'Subject', value: (r) => r.subject },
  { header: 'Certificate', value: (r) => r.certificate },
  { header: 'Message', value: (r) => r.message },
];

/** The CSR files a path names: the file itself, or every *.csr and *.pem of a directory, by name. */
function csrFiles(path: string): string[] {
  if (!existsSync(path)) throw new CliError(`No such file or directory: ${path}`, ExitCode.usage);
  if (!statSync(path).isDirectory()) return [path];
  const files = readdirSync(path)
    .filter((name) => ['.csr', '.pem'].includes(extname(name).toLowerCase()))
    .sort()
    .map((name) => join(path, name));
  if (files.length === 0) throw new CliError(`${path} holds no *.csr or *.pem file`, ExitCode.usage);
  return files;
}

export function register(certificates: Command, context: Context): void {
  certificates
    .command('issue')
    .description('Issue certificates from PKCS#10 requests (PEM): one file, or every *.csr and *.pem of a directory')
    .argument('<csr>', 'a CSR file, or a directory of them')
    .requiredOption('--ca <name>', 'the certificate authority that signs')
    .option('--validity-days <days>', 'how long each certificate is valid (cut at the CA\'s own expiry)', '365')
    .addOption(new Option('--eku <usage...>', 'extended key usages').choices(EXTENDED_KEY_USAGES).default(['serverAuth' as const]))
    .option('--out-dir <dir>', 'write the certificates here rather than beside their requests')
    .option(...SERVICE_OPTION)
    .addHelpText('after', `\nEach certificate is written as NAME.crt (PEM) beside its request NAME.csr, or in --out-dir; one result a file
is printed, and the command exits 1 when any request was refused.\n${examples([
      'keydeck certificates issue --ca "Terminal CA" terminal-0001.csr',
      'keydeck certificates issue --ca "Terminal CA" ./csrs --out-dir ./certs --validity-days 730 --eku clientAuth',
    ])}`)
    .action(async (path, options) => {
      if (options.outDir !== undefined && !(existsSync(options.outDir) && statSync(options.outDir).isDirectory())) {
        throw new CliError(`--out-dir ${options.outDir} is not a directory`, ExitCode.usage);
      }
      const files = csrFiles(path);
      const api = (await serviceClient(context, options.service)).client.of(certificatesApi);
      const results: FileResult[] = [];
      for (const [index, file] of files.entries()) {
        const result: FileResult = { file, success: false, serial: '', subject: '', certificate: '', message: '' };
        results.push(result);
        const body = certificateIssueBody.safeParse({ ca: options.ca, csr: readFileSync(file, 'utf8'), validity_days: options.validityDays, extended_key_usage: options.eku });
        if (!body.success) {
          result.message = problems(body.error);
          continue;
        }
        try {
          const answer = await api.issueCertificate({ body: body.data });
          const out = join(options.outDir ?? dirname(file), `${basename(file, extname(file))}.crt`);
          writeFileSync(out, answer.pem);
          Object.assign(result, { success: true, serial: answer.certificate.serial, subject: answer.certificate.subject, certificate: out, message: answer.validity_capped ? "Validity cut at the CA's expiry" : 'Issued' });
        } catch (error) {
          // A refusal of this request (its text, as the server said it) is this file's result; anything else ends the run.
          if (!(error instanceof CallError) || error.status === null || error.status >= 500 || error.status === 401 || error.status === 403) throw error;
          result.message = describeFailure(error).message;
        }
        if (files.length > 1) context.output.progress(`${index + 1} of ${files.length}: ${file}`);
      }
      context.output.rows(results, fileColumns);
      failIfAny(results);
    });
}
