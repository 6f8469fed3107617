import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { CSRF_COOKIE, CSRF_HEADER } from '@keydeck/contract/http';

export type Answer = { status: number; body: unknown; headers: IncomingHttpHeaders };

/**
 * A browser over real HTTP: keeps its cookies, echoes the anti-forgery cookie in its header as the web console
 * does, and connects from the given loopback address (a client address of its own, for per-address limits).
 * A call that gets no answer within 10 s, or whose connection fails, answers status 0.
 */
export class HttpBrowser {
  private readonly cookies = new Map<string, string>();
  private readonly agent: Agent;

  constructor(
    private readonly origin: string,
    localAddress = '127.0.0.1',
  ) {
    this.agent = new Agent({ keepAlive: true, localAddress });
  }

  call(method: string, path: string, body?: unknown, { csrf = true } = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const token = this.cookies.get(CSRF_COOKIE);
    const headers: Record<string, string> = {
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
      ...(csrf && token ? { [CSRF_HEADER]: token } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    };
    return new Promise((resolve) => {
      const req = request(new URL(path, this.origin), { method, headers, agent: this.agent, timeout: 10_000 }, (res) => {
        for (const cookie of res.headers['set-cookie'] ?? []) {
          const [pair] = cookie.split(';');
          const name = pair!.slice(0, pair!.indexOf('='));
          const value = pair!.slice(pair!.indexOf('=') + 1);
          if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
          else this.cookies.set(name, value);
        }
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text.startsWith('{') ? JSON.parse(text) : text, headers: res.headers }));
        res.on('error', () => resolve({ status: 0, body: 'the answer broke off', headers: {} }));
      });
      req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
      req.on('error', (error) => resolve({ status: 0, body: error.message, headers: {} }));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
