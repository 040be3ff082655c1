import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { measureRegions } from '../../client/src/regions.js';

// A real HTTP server standing in for the studio's per-region endpoints: each path answers after its delay.
const delays: Record<string, number> = { '/near': 0, '/far': 150, '/stuck': 5_000 };
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    setTimeout(() => res.end('ok'), delays[req.url ?? ''] ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

it('measures each region by its median round trip and leaves out those that fail or time out', async () => {
  const rtts = await measureRegions(
    {
      near: `${base}/near`,
      far: `${base}/far`,
      stuck: `${base}/stuck`,
      // Nothing listens on port 9 here: the request fails at once.
      down: 'http://127.0.0.1:9/',
    },
    { samples: 3, timeoutMs: 1_000 },
  );
  expect(Object.keys(rtts).sort()).toEqual(['far', 'near']);
  expect(rtts.far!).toBeGreaterThanOrEqual(150);
  expect(rtts.near!).toBeLessThan(rtts.far!);
});
