import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Context } from './context.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The Idempotency-Keys of a run of batch calls, each derived from the run's input (the operation, the service, the
 * file's content or the filter) and the batch. The run's id is kept in a journal beside the config until the run
 * has its every answer: a re-run after a failure (the network, a killed process) sends the same keys, so the server
 * answers what it did and applies nothing twice; the same command run again after it finished is a new run (lock,
 * unlock, then lock again must lock).
 */
export class RunKeys {
  private constructor(
    private readonly journal: string,
    private readonly run: string,
    private readonly input: string,
  ) {}

  /** The unfinished run of the same input, resumed (said on stderr), or a new one. */
  static start(context: Context, ...input: string[]): RunKeys {
    const digest = sha256(JSON.stringify([context.url, ...input]));
    const journal = join(dirname(context.config.path), 'runs', `${digest}.json`);
    if (existsSync(journal)) {
      const earlier = JSON.parse(readFileSync(journal, 'utf8')) as { run: string; started_at: string };
      context.output.progress(`Resuming the unfinished run of ${earlier.started_at} with its Idempotency-Keys: what it did is not done again.`);
      return new RunKeys(journal, earlier.run, digest);
    }
    mkdirSync(dirname(journal), { recursive: true, mode: 0o700 });
    const run = randomUUID();
    writeFileSync(journal, JSON.stringify({ run, started_at: new Date().toISOString() }), { mode: 0o600 });
    return new RunKeys(journal, run, digest);
  }

  /** The key of one batch, named by what makes it that batch (its number, what it sends). */
  key(...batch: (string | number)[]): string {
    return `keydeck-${sha256(JSON.stringify([this.run, this.input, ...batch])).slice(0, 48)}`;
  }

  /** Every batch was answered: the next run of the same input is a run of its own. */
  finish(): void {
    rmSync(this.journal, { force: true });
  }
}

export const digestOf = sha256;
