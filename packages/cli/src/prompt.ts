import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * One line from stdin: a secret typed at a terminal (not echoed) or piped in by a script. It never comes from argv,
 * which other users of the machine can read in the process list.
 */
export async function readSecret(question: string): Promise<string> {
  const tty = process.stdin.isTTY === true;
  if (tty) process.stderr.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: silent, terminal: tty });
  try {
    for await (const line of lines) return line.trim();
    return '';
  } finally {
    lines.close();
    if (tty) process.stderr.write('\n');
  }
}
