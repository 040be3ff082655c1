import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Relay {
  /** `host:port` to point a client at instead of the emulator. */
  host: string;
  /** Drops every open connection and refuses new ones, as a lost network would. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP relay in front of an emulator whose cable a test can cut: a real network failure, not a mock. */
export async function startRelay(target: string): Promise<Relay> {
  const [host, port] = target.split(':');
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(Number(port), host);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut,
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
