import { spawn } from 'node:child_process';

/**
 * Opens the address in the user's browser: KEYDECK_BROWSER (a command, given the address as its one argument),
 * else the desktop's opener. false when none could be started, so the caller prints the address instead.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const command = env.KEYDECK_BROWSER || (process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open');
  return new Promise((resolve) => {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true, env });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
