import { readFileSync } from 'node:fs';
import type { Command } from '@commander-js/extra-typings';
import { paymentKeysApi } from '@keydeck/contract/payment-keys.api';
import { KEY_BATCH_MAX, keyGroupNameRef, keyNameRef, symmetricKeyCreate, type SymmetricKeyCreate } from '@keydeck/contract/payment-keys';
import { z } from 'zod';
import { approvalOptions, approved, withApprovalOptions } from '../../approvals.ts';
import type { Context } from '../../context.ts';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import { examples } from '../../help.ts';
import type { Column } from '../../output.ts';
import { SERVICE_OPTION, serviceClient } from '../../service-call.ts';
import { problems, validated } from '../../validate.ts';
import { failIfAny } from './batch-report.ts';

/** One line's outcome: the server's text for a line sent, the contract's for a line refused before sending. */
interface LineResult {
  line: number;
  name: string;
  success: boolean;
  message: string;
}

const lineColumns: Column<LineResult>[] = [
  { header: 'Line', value: (r) => r.line },
  { header: 'Name', value: (r) => r.name },
  { header: 'Result', value: (r) => (r.success ? 'ok' : 'failed') },
  { header: 'Message', value: (r) => r.message },
];

const FORMAT_HELP = `
File format: one key a line, its name then its TR-31 key block, separated by spaces (the block is the line's last
field, so a name may hold spaces). Blank lines and lines starting with # are skipped. FILE - reads stdin.
  # keys from the acquirer's HSM, 2026-11
  Terminal PEK  D0112P0AE00E0000...
  zmk-2026      B0096K0TB00E0000...`;

/** The file's lines as keys to import, or as results already (a line with no block, or one the contract refuses). */
function parse(text: string, group: string, kbpk: string): { sends: { line: number; key: SymmetricKeyCreate }[]; refused: LineResult[] } {
  const sends: { line: number; key: SymmetricKeyCreate }[] = [];
  const refused: LineResult[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    const line = index + 1;
    const split = /^(.*\S)\s+(\S+)$/.exec(content);
    if (!split) return refused.push({ line, name: content, success: false, message: 'Expected a key name and a TR-31 key block' });
    const [, name = '', block = ''] = split;
    const parsed = symmetricKeyCreate.safeParse({ source: 'key_block', name, group, key_block: block, kbpk });
    if (parsed.success) sends.push({ line, key: parsed.data });
    else refused.push({ line, name, success: false, message: problems(parsed.error) });
  });
  return { sends, refused };
}

export function register(keys: Command, context: Context): void {
  withApprovalOptions(keys.command('import-tr31'))
    .description('Import TR-31 key blocks from a file, one a line, each wrapped under a KBPK of the service')
    .argument('<file>', 'the file of key blocks (- for stdin)')
    .requiredOption('--kbpk <name>', 'the key block protection key (usage K1) the blocks are wrapped under')
    .requiredOption('--group <name>', 'the key group the keys join')
    .option(...SERVICE_OPTION)
    .addHelpText('after', `${FORMAT_HELP}\n\nPrints one result a line (its number, the key's name, the server's text); exits 1 when any line failed.\n${examples([
      'keydeck keys import-tr31 blocks.txt --kbpk kbpk-acquirer --group terminals',
      'keydeck keys import-tr31 - --kbpk kbpk-acquirer --group terminals --output csv < blocks.txt > report.csv',
    ])}`)
    .action(async (file, options) => {
      const approval = approvalOptions(options);
      const { kbpk, group } = validated(z.object({ kbpk: keyNameRef, group: keyGroupNameRef }), options);
      let text: string;
      try {
        text = readFileSync(file === '-' ? 0 : file, 'utf8');
      } catch (error) {
        throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, ExitCode.usage);
      }
      const { sends, refused } = parse(text, group, kbpk);
      const results = [...refused];
      if (sends.length === 0 && refused.length === 0) throw new CliError(`${file} holds no key blocks`, ExitCode.usage);
      const api = sends.length ? (await serviceClient(context, options.service)).client.of(paymentKeysApi) : undefined;
      for (let start = 0; api && start < sends.length; start += KEY_BATCH_MAX) {
        const batch = sends.slice(start, start + KEY_BATCH_MAX);
        const answer = await approved(context, (call) => api.createSymmetricKeys({ body: { symmetric_keys: batch.map((s) => s.key) } }, call), approval);
        // The server answers one result a key, in the order sent.
        batch.forEach((sent, i) => {
          const result = answer.results[i];
          results.push({ line: sent.line, name: sent.key.name, success: result?.success ?? false, message: result?.message ?? 'No answer for this key' });
        });
        context.output.progress(`Sent ${Math.min(start + KEY_BATCH_MAX, sends.length)} of ${sends.length} key blocks`);
      }
      results.sort((a, b) => a.line - b.line);
      context.output.rows(results, lineColumns);
      failIfAny(results);
    });
}
