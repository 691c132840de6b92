import net from 'node:net';

/** A loopback TCP proxy to a service that a test can cut off (as a network outage would) and restore. */
export interface CuttableProxy {
  readonly port: number;
  /** Drops every open connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port that forwards to host:port while it is up. */
export async function startCuttableProxy(host: string, port: number): Promise<CuttableProxy> {
  let up = true;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(port, host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {}); // the other side going away is the point
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    up = false;
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut,
    restore: () => {
      up = true;
    },
    close: async () => {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
