import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Messages } from '@keydeck/contract/messages';
import { describe, expect, it } from 'vitest';

describe('message catalogue in use', () => {
  /**
   * Every text lives once and is shown somewhere: a text no code shows is dead (or a behaviour missing), and two keys
   * for one text drift apart. Read from the sources of the server and the web, tests left out.
   */
  const packages = join(import.meta.dirname, '../..');
  const sources = ['contract/src', 'server/src', 'web/src']
    .flatMap((dir) => readdirSync(join(packages, dir), { recursive: true, encoding: 'utf8' }).map((file) => join(packages, dir, file)))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/\/(core-)?messages\.ts$/.test(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  it('has no text that nothing shows', () => {
    const unused = Object.keys(Messages).filter((key) => !new RegExp(`Messages\\.${key}\\b`).test(sources));
    // A spec text for a device's unexpected failure in a batch: every failure the batches know has its own text.
    expect(unused).toEqual(['deviceError']);
  });

  it('holds each constant text under one key', () => {
    const byText = new Map<string, string[]>();
    for (const [key, value] of Object.entries(Messages)) if (typeof value === 'string') byText.set(value, [...(byText.get(value) ?? []), key]);
    expect([...byText.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});
