import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** The server reports web_version by reading dist/version.json, so every build emits it. */
function versionFile(): Plugin {
  return {
    name: 'keydeck-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: pkg.version, built_at: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * Writes .br and .gz beside every text asset so the server can send them as they are
 * (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'keydeck-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const source = readFileSync(join(dir, fileName));
        if (source.length < 1024) continue;
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(source, { level: 9 }));
        writeFileSync(
          join(dir, `${fileName}.br`),
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const apiTarget = process.env.KEYDECK_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), versionFile(), precompress()],
  server: {
    proxy: {
      '/rest': { target: apiTarget, changeOrigin: false },
      '/readyz': { target: apiTarget },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger files for the first visit (a chunk per shared module costs a request and compresses worse;
        // Lighthouse's /home lost two points to the shell's forty small chunks): what the entry imports statically is
        // one chunk; the sign-in page with what it uses beyond that (form and input code, which other screens' forms
        // then load from it) another; the signed-in frame (app shell) with everything it uses another, and the landing
        // page with what it adds one more. A group takes its modules' dependencies too, so what the public pages share
        // with the shell (password and sign-out calls, texts, the avatar) is a small chunk of its own: without it a
        // visit to /forgot would download the whole shell. Other screens keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 4 },
            { name: 'login', test: /features[\\/]auth[\\/](pages[\\/]login\.page|components[\\/]login-layout)/, priority: 3 },
            {
              name: 'public-shared',
              test: /features[\\/]auth[\\/]api[\\/]|lib[\\/](new-password|sign-out)\.ts|contract[\\/]src[\\/](messages|passwords)\.ts|@mantine[\\/]core[\\/](esm[\\/]components[\\/]Avatar[\\/]|styles[\\/](Avatar|Badge|Card|SimpleGrid)\.css)/,
              priority: 2,
            },
            { name: 'shell', test: /app[\\/]shell[\\/]app-shell/, priority: 1 },
            { name: 'home', test: /features[\\/]home[\\/]pages[\\/]home\.page/ },
          ],
        },
      },
    },
  },
});
