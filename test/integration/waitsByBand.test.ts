import { describe, expect, it, vi } from 'vitest';
import type { MatchStatus } from '@ladder/client';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { ladderPlayers, reach } from '../support/ladder.js';
import { testContext } from '../support/context.js';

const ctx = testContext();

describe("the queued status's wait by band", () => {
  it('tells players of a short 2v2 queue their band, its count and that too few players wait', async () => {
    const players = await ladderPlayers('Band A', 'Band B', 'Band C');
    const matches = await Promise.all(players.map((p) => p.queue('2v2')));
    for (const match of matches) await reach(match, 'queued');
    await runMatcher(ctx, { durationMs: 1_200, intervalMs: 300 });
    // The status follows `pools/2v2`, which the run just wrote: no read of its own.
    const status = await vi.waitUntil(
      () => {
        const s = matches[0]!.status as Extract<MatchStatus, { kind: 'queued' }> | null;
        return s?.kind === 'queued' && s.waitingBecause ? s : null;
      },
      { timeout: 5_000 },
    );
    expect(status).toMatchObject({ band: 'gold', waitingBecause: 'notEnoughPlayers', estimatedWaitSeconds: null });
    expect(status.stats!.bands.gold).toMatchObject({ waitingPlayers: 3, waitingBecause: { notEnoughPlayers: 3 } });
    expect(status.stats!.bandEdges.map((e) => e.id)).toContain('gold');
  });
});
