import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeydeck, type ApiCredential, type Keydeck } from '../../test/harness.ts';

let k: Keydeck;
let operator: ApiCredential;

beforeAll(async () => {
  k = await startKeydeck();
  await k.ownersService('Payments HSM', 'rkms');
  operator = await k.credential(['services:read']);
});
afterAll(() => k.close());

const inService = (args: string[], input?: string) => k.run([...args, '--service', 'Payments HSM'], { env: k.envOf(operator), input });

describe('keydeck keys', () => {
  it('generates keys, reports the KCV, exports under a KBPK, and imports a file of TR-31 blocks: the good one in, the tampered one refused (exit 1)', async () => {
    expect((await inService(['keys', 'groups', 'create', 'terminals'])).code).toBe(0);
    const kbpk = await inService(['keys', 'generate', 'kbpk-acquirer', '--group', 'terminals', '--algorithm', 'AES_256', '--usage', 'K1', '--mode', 'B']);
    expect(kbpk.code, kbpk.stderr).toBe(0);
    const data = await inService(['keys', 'generate', 'Data key', '--group', 'terminals', '--algorithm', 'AES_128', '--usage', 'D0', '--mode', 'B', '--exportability', 'E']);
    expect(data.code, data.stderr).toBe(0);
    const kcv = (await inService(['keys', 'kcv', 'Data key'])).stdout.trim();
    expect(kcv).toMatch(/^[0-9A-F]{6}$/);

    const exported = await inService(['keys', 'export', 'Data key', '--kbpk', 'kbpk-acquirer']);
    expect(exported.code, exported.stderr).toBe(0);
    const block = exported.stdout.trim();
    expect(block).toMatch(/^D\d{4}D0AB/);
    // One character of the MAC changed: the block no longer authenticates under the KBPK.
    const tampered = `${block.slice(0, -1)}${block.endsWith('0') ? '1' : '0'}`;
    const file = join(k.home, 'blocks.tr31');
    writeFileSync(file, ['# received from the other HSM', `Data key copy ${block}`, `Tampered key ${tampered}`].join('\n'));
    const imported = await inService(['keys', 'import-tr31', file, '--kbpk', 'kbpk-acquirer', '--group', 'terminals', '--output', 'csv']);
    expect(imported.code).toBe(1);
    const [header, good, bad] = imported.stdout.split('\r\n');
    expect(header).toBe('Line,Name,Result,Message');
    expect(good).toMatch(/^2,Data key copy,ok,/);
    expect(bad).toMatch(/^3,Tampered key,failed,.*Key block MAC does not verify/);
    // The copy is the same key: the same KCV.
    expect((await inService(['keys', 'kcv', 'Data key copy'])).stdout.trim()).toBe(kcv);
    const listed = await inService(['keys', 'list', '--group', 'terminals', '--output', 'json']);
    expect((JSON.parse(listed.stdout) as { data: { name: string }[] }).data.map((key) => key.name).sort()).toEqual(['Data key', 'Data key copy', 'kbpk-acquirer']);
  });

  it('says which service it needs: none chosen is a usage error, an unknown name is not found', async () => {
    const none = await k.run(['keys', 'list'], { env: k.envOf(operator) });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No service chosen: pass --service NAME');
    const unknown = await k.run(['keys', 'list', '--service', 'Nowhere'], { env: k.envOf(operator) });
    expect([unknown.code, unknown.stderr]).toEqual([4, 'keydeck: No service named Nowhere\n']);
  });

  it("checks a new key against the contract's schema before sending anything (exit 2, the contract's words)", async () => {
    const base = ['keys', 'generate', 'Terminal PEK', '--group', 'terminals', '--algorithm', 'AES_128', '--usage', 'P0', '--mode', 'E'];
    const version = await inService([...base, '--key-version', '1']);
    expect([version.code, version.stderr]).toEqual([2, 'keydeck: symmetric_keys.0.version: A key version is 2 letters or digits (00 for none)\n']);
    const algorithm = await inService([...base.slice(0, 6), 'DES', ...base.slice(7)]);
    expect(algorithm.code).toBe(2);
    expect(algorithm.stderr).toContain('Allowed choices are TDES_2KEY, TDES_3KEY, AES_128, AES_192, AES_256');
    const limit = await inService(['keys', 'list', '--limit', '0']);
    expect([limit.code, limit.stderr]).toEqual([2, 'keydeck: --limit takes a whole number of rows (got 0)\n']);
  });

  it('reads a TR-31 file a line at a time: skips blanks and comments, reports each refused line by number, exits 1', async () => {
    const file = join(k.home, 'malformed.tr31');
    writeFileSync(file, ['# from the acquirer', '', 'only-a-name', `${'x'.repeat(101)} D0112P0AE00E0000ABCDEF`, 'Short block D01', '   '].join('\n'));
    const { code, stdout, stderr } = await inService(['keys', 'import-tr31', file, '--kbpk', 'kbpk', '--group', 'terminals', '--output', 'csv']);
    expect(code).toBe(1);
    expect(stdout.split('\r\n')).toEqual([
      'Line,Name,Result,Message',
      '3,only-a-name,failed,Expected a key name and a TR-31 key block',
      `4,${'x'.repeat(101)},failed,name: A key name has at most 100 characters`,
      '5,Short block,failed,key_block: Paste the whole key block',
      '',
    ]);
    expect(stderr).toBe('keydeck: 3 of 3 failed\n');
  });

  it('sends the lines the contract accepts, and a file of nothing is a usage error', async () => {
    // A well-formed line goes to the server, whose refusal of the block is that line's result.
    const sent = await inService(['keys', 'import-tr31', '-', '--kbpk', 'kbpk-acquirer', '--group', 'terminals', '--output', 'csv'], 'Terminal PEK D0112P0AE00E0000ABCDEF0123456789\n');
    expect(sent.code).toBe(1);
    expect(sent.stdout.split('\r\n')[1]).toMatch(/^1,Terminal PEK,failed,.+/);
    const empty = await inService(['keys', 'import-tr31', '-', '--kbpk', 'kbpk', '--group', 'terminals'], '# nothing yet\n\n');
    expect([empty.code, empty.stderr]).toEqual([2, 'keydeck: - holds no key blocks\n']);
  });

  it('documents the file format and examples in --help', async () => {
    const { code, stdout } = await k.run(['keys', 'import-tr31', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('File format: one key a line, its name then its TR-31 key block');
    expect(stdout).toContain('$ keydeck keys import-tr31 blocks.txt --kbpk kbpk-acquirer --group terminals');
  });
});
