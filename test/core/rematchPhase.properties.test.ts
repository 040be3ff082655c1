import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rematchPhase, type RematchState } from '../../functions/src/core/room/rematchState.js';
import { rematchStatus } from '../../client/src/rematch.js';
import type { Room } from '@ladder/client';
import { pendingRoom } from './pendingRoom.js';

// The client reads a request's phase from the room by itself (it cannot import the server's core): both must agree.
const rematchArbitrary: fc.Arbitrary<RematchState> = fc.record({
  asked: fc.subarray(['a', 'b', 'c', 'd']),
  deadline: fc.integer({ min: 0, max: 100_000 }),
  roomId: fc.option(fc.constant('next'), { nil: null }),
  unrated: fc.constant(null),
  declined: fc.option(
    fc.record({
      uid: fc.constantFrom('a', 'b', 'c', 'd'),
      at: fc.integer({ min: 0, max: 100_000 }),
      reason: fc.constantFrom('declined' as const, 'queued' as const),
    }),
    { nil: null },
  ),
});

/** A request, and a moment to read it at: any time, or around its deadline, where it lapses. */
const atSomeMoment = rematchArbitrary.chain((rematch) =>
  fc.tuple(
    fc.constant(rematch),
    fc.oneof(
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: -1, max: 1 }).map((d) => rematch.deadline + d),
    ),
  ),
);

describe("a rematch request's phase", () => {
  it('is the same in the client as on the server, at any time', () => {
    fc.assert(
      fc.property(atSomeMoment, ([rematch, now]) => {
        const room = { ...pendingRoom(), status: 'settled', rematch } as unknown as Room;
        expect(rematchStatus(room, 'a', now).phase).toBe(rematchPhase(rematch, now));
      }),
    );
  });
});
