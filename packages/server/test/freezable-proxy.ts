import { connect, createServer, type Socket } from 'node:net';

export interface FreezableProxy {
  /** 127.0.0.1:port, for a URL to name instead of the target. */
  address: string;
  /**
   * A network partition: every socket stays open and nothing passes any more, either way; what arrives is dropped,
   * a close is not passed on (no FIN, no RST), and a new connection is accepted and then hears nothing.
   */
  freeze(): void;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 to the target, forwarding both ways until it is frozen. */
export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = createServer((client) => {
    track(client);
    if (frozen) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    const forward = (from: Socket, to: Socket) => {
      from.on('data', (chunk: Buffer) => {
        if (!frozen) to.write(chunk);
      });
      from.on('close', () => {
        if (!frozen) to.destroy();
      });
    };
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
