import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it, vi } from 'vitest';
import { db } from '../support/admin.js';
import { sweep } from '../support/game.js';

const CLIENT = fileURLToPath(new URL('../../client/examples/python/ladder.py', import.meta.url));

interface Event {
  event: string;
  [field: string]: unknown;
}

/** One player of client/examples/python/ladder.py (Python's standard library, written from docs/protocol.md). */
function pythonPlayer(name: string, result: 'win' | 'loss') {
  const { projectId, authHost, functionsHost } = inject('endpoints');
  const args = [
    CLIENT,
    ...['--functions', `http://${functionsHost}/${projectId}/us-central1`],
    ...['--identity', `http://${authHost}`, '--api-key', 'demo-api-key'],
    // A 1v1 with a ready check in the test configuration: regional, so it names its region.
    ...['--name', name, '--mode', 'regionalCheck', '--region', 'eu', '--result', result],
  ];
  const child: ChildProcess = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const events: Event[] = [];
  let errors = '';
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      events.push(JSON.parse(buffer.slice(0, end)) as Event);
      buffer = buffer.slice(end + 1);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const saw = (event: string) => events.some((e) => e.event === event);
  const last = () => events.at(-1)?.event ?? 'nothing';
  return { child, events, exited, saw, last, errors: () => errors };
}

describe('a client in another language, written from docs/protocol.md alone', () => {
  // The time goes to the Functions emulator starting a worker at each function's first call (login, enqueue,
  // getMatchState, seeReadyCheck, acceptMatch, reportResult): 10-30 s each on a loaded machine, 122 s in all
  // when measured, the game itself a few seconds. Later files find them warm.
  it('plays a 1v1 in Python: two players queue, accept the ready check, report, and see the rating change', async () => {
    const ann = pythonPlayer('Py Ann', 'win');
    const bob = pythonPlayer('Py Bob', 'loss');
    const players = [ann, bob];
    try {
      // Whoever queues second usually finds the other at once. When both queued in the same instant, each can
      // find nobody; then the scheduled matcher pairs them. This suite runs no schedule: one sweep stands in.
      await vi.waitUntil(() => players.every((p) => p.saw('enqueued') || p.saw('error')), {
        timeout: 60_000,
        interval: 100,
      });
      await vi.waitUntil(() => players.every((p) => p.last() !== 'enqueued'), { timeout: 30_000, interval: 100 });
      if (players.every((p) => p.last() === 'queued')) await sweep();
      const codes = await Promise.all(players.map((p) => p.exited));
      expect(codes, `Ann: ${ann.errors()} Bob: ${bob.errors()}`).toEqual([0, 0]);
    } finally {
      for (const p of players) p.child.kill();
    }
    for (const p of players) {
      expect(p.events.map((e) => e.event)).toEqual(expect.arrayContaining(['pending', 'active', 'settled']));
    }
    const reported = (p: typeof ann) => p.events.find((e) => e.event === 'reported')!;
    // Ann won and Bob lost, from opposite sides: both name the same winning side.
    expect(reported(ann).side).not.toBe(reported(bob).side);
    expect(reported(ann).outcome).toBe(reported(bob).outcome);

    const rating = (p: typeof ann) => p.events.find((e) => e.event === 'rating')!;
    expect(rating(ann)).toMatchObject({ before: 1500, after: 1516, delta: 16 });
    expect(rating(bob)).toMatchObject({ before: 1500, after: 1484, delta: -16 });
    // What the Python players read is what the server stored.
    const stored = async (uid: string) => (await db.doc(`players/${uid}`).get()).data()?.ladders.solo.rating;
    expect(await stored('dev:py ann')).toBe(1516);
    expect(await stored('dev:py bob')).toBe(1484);
  }, 240_000);
});
