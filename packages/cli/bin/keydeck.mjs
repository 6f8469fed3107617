#!/usr/bin/env node
// The packed tool runs its bundle (dist/, built by prepack); in the repository it runs the sources through tsx.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/keydeck.mjs', import.meta.url);
if (existsSync(bundle)) await import(bundle.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
