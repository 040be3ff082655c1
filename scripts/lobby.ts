/**
 * Serves the built lobby (lobby/dist) and its `config.json` (the emulator endpoints)
 * with a small static server: used by `npm start` and the end-to-end test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { LobbyConfig } from '../lobby/src/config.js';
import { emulatorHostsOf, HarnessError, REGION, ROOT, type Endpoints } from './emulators.js';

export const LOBBY_DIST = join(ROOT, 'lobby/dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

/** The lobby's view of the stack: where the emulators answer (the modes it asks the functions for). */
export function lobbyConfig(endpoints: Endpoints): LobbyConfig {
  return {
    projectId: endpoints.projectId,
    apiKey: 'demo-api-key',
    region: REGION,
    emulators: emulatorHostsOf(endpoints),
  };
}

/** Fails early, before minutes of emulator start-up, when there is no lobby build to serve. */
export function requireLobbyBuild() {
  if (!existsSync(join(LOBBY_DIST, 'index.html'))) {
    throw new HarnessError('The lobby is not built: run `npm run build` (it builds lobby/dist).');
  }
}

export interface LobbyServer {
  url: string;
  close(): Promise<void>;
}

/** Serves lobby/dist and `config.json` on `port` (a free one if it is taken, or if 0). */
export async function serveLobby(config: LobbyConfig, port = 0): Promise<LobbyServer> {
  requireLobbyBuild();
  const body = JSON.stringify(config);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://lobby').pathname);
    const send = (status: number, type: string, content: string | Buffer) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(content);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'text/plain', 'Method not allowed');
    if (path === '/config.json') return send(200, TYPES['.json']!, body);
    const file = normalize(join(LOBBY_DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(LOBBY_DIST + sep) || !existsSync(file)) return send(404, 'text/plain', 'Not found');
    send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
  });
  const listen = (p: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(port).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    return listen(0);
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => closeServer(server) };
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
