import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

const PAGE = (text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>keydeck</title></head><body style="font-family:sans-serif;margin:3rem"><p>${text}</p></body></html>`;

/**
 * The loopback redirect of a native app's sign-in (RFC 8252 §7.3): an HTTP server on 127.0.0.1 that takes the one
 * redirect carrying the authorization code. `code` waits for it, bounded in time, and checks the state.
 */
export async function listenForCode(port: number): Promise<{ redirectUri: string; code: (state: string, timeoutMs: number) => Promise<string>; close: () => void }> {
  let settle: ((result: { code?: string; error?: string; state: string | null }) => void) | undefined;
  const arrived = new Promise<{ code?: string; error?: string; state: string | null }>((resolve) => (settle = resolve));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    const code = url.searchParams.get('code');
    const error = url.searchParams.get('error_description') ?? url.searchParams.get('error');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(PAGE(code ? 'Signed in to keydeck: you can close this window and go back to the terminal.' : 'keydeck was not signed in: go back to the terminal.'));
    settle?.({ ...(code ? { code } : {}), ...(error ? { error } : {}), state: url.searchParams.get('state') });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new CliError(`Cannot listen on 127.0.0.1:${port} for the sign-in's redirect: ${error.message}`, ExitCode.usage)));
    server.listen(port, '127.0.0.1', resolve);
  });
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return {
    redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    close,
    async code(state, timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CliError(`No sign-in within ${Math.round(timeoutMs / 1000)} s`, ExitCode.refused)), timeoutMs);
      });
      try {
        const result = await Promise.race([arrived, timeout]);
        if (result.error || !result.code) throw new CliError(`Sign-in refused: ${result.error ?? 'no code'}`, ExitCode.refused);
        if (result.state !== state) throw new CliError('Sign-in refused: the redirect does not answer this sign-in (state differs)', ExitCode.refused);
        return result.code;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
