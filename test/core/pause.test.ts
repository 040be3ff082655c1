import { describe, expect, it } from 'vitest';
import { poolPauseTargets, requeuesOpen } from '../../functions/src/core/mode/pause.js';
import { poolId } from '../support/ids.js';

describe('a cancelled ready check in a paused pool', () => {
  it('names the pause documents that stop a pool: its mode, and a regional pool its own too', () => {
    expect(poolPauseTargets(poolId('2v2'))).toEqual(['2v2']);
    expect(poolPauseTargets(poolId('regional@eu'))).toEqual(['regional', 'regional@eu']);
  });

  it('sends back only the tickets whose pool is open, whichever pause stops the others', () => {
    const tickets = [
      { id: 'home' },
      { id: 'eu', pool: poolId('regional@eu') },
      { id: 'us', pool: poolId('regional@us') },
    ];
    const open = (paused: string[], room = 'regional@us') =>
      requeuesOpen(tickets, poolId(room), new Set(paused)).map((t) => t.id);
    expect(open([])).toEqual(['home', 'eu', 'us']);
    expect(open(['regional@eu'])).toEqual(['home', 'us']);
    expect(open(['regional'])).toEqual([]);
    expect(open(['2v2'])).toEqual(['home', 'eu', 'us']);
  });
});
