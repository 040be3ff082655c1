import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLadder } from '@ladder/client';
import { closeAfterTest, emulatorHosts, newApp } from '../support/client.js';
import { ladderPlayer } from '../support/ladder.js';

describe('what the functions say they run', () => {
  it('tells a client that has not signed in the modes and ladders, as configured', async () => {
    const ladder = createLadder({ app: newApp(), emulators: emulatorHosts() });
    closeAfterTest(() => ladder.close());
    const { modes, ladders } = await ladder.modes();
    const byId = new Map(modes.map((m) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual([
      '1v1',
      '2v2',
      '3v3',
      '5v5',
      'botDuel',
      'duel',
      'ffa',
      'ffaLate',
      'maps',
      'regional',
      'regionalCheck',
      'versions',
    ]);
    expect(byId.get('1v1')).toMatchObject({ format: { kind: 'team', teamSize: 1 }, ticketTtlSeconds: 4, regions: [] });
    expect(byId.get('3v3')).toMatchObject({ format: { kind: 'team', teamSize: 3 }, partyCapacity: 3 });
    expect(byId.get('ffa')?.format).toMatchObject({ kind: 'ffa', backfill: null });
    expect(byId.get('ffaLate')?.format).toMatchObject({ kind: 'ffa', backfill: { windowSeconds: 60, rated: false } });
    expect(byId.get('regional')).toMatchObject({ regions: ['eu', 'us', 'asia'], needsBuild: false });
    expect(byId.get('versions')?.needsBuild).toBe(true);
    expect(byId.get('1v1')?.choices).toEqual([]);
    expect(byId.get('maps')?.choices).toEqual([
      { id: 'map', kind: 'overlap', values: ['dust', 'mirage', 'nuke'], relaxAfterSeconds: 30 },
      { id: 'lang', kind: 'equal', values: ['en', 'zh'], relaxAfterSeconds: null },
    ]);
    expect(ladders.map((l) => l.id)).toContain(byId.get('2v2')?.ladder);
    for (const ladder of ladders) {
      expect(ladder.tiers.length).toBeGreaterThan(0);
      expect(ladder.tiers[0]).toMatchObject({ id: expect.any(String), names: { en: expect.any(String) } });
    }
  });

  it("answers a queue with the ticket's time-to-live, so a game copies none into createLadder", async () => {
    const ann = await ladderPlayer('Ann');
    expect(await ann.enqueue('1v1')).toMatchObject({ mode: '1v1', pool: '1v1', room: null, ttlSeconds: 4 });
    await ann.cancelQueue();
    // Beating every third of those 4 s, the ticket outlives its time-to-live twice over.
    const match = await ann.queue('1v1');
    await sleep(9_000);
    expect(match.status?.kind).toBe('queued');
    expect(await match.cancel()).toBe(true);
  });
});
