#!/usr/bin/env node
// In the repository the tool runs its sources through tsx; the packed tool (no sources) runs its bundle, built by prepack.
import { existsSync } from 'node:fs';

const sources = new URL('../src/main.ts', import.meta.url);
if (existsSync(sources)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(sources.href);
} else await import(new URL('../dist/keydeck.mjs', import.meta.url).href);
