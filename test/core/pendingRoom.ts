import { defaultModes } from '../../functions/src/core/mode/modes.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { poolId } from '../support/ids.js';

/** The default 2v2 with a 20 s ready check. */
export const readyCheckMode = {
  ...defaultModes['2v2']!,
  readyCheck: { timeoutSeconds: 20 },
};

/** A solo player's ticket as a room holds it, matched on their rating. */
export const soloTicket = (uid: string, rating = 1500, enqueuedAt = 0) => ({
  ticketId: `t-${uid}`,
  partyId: null,
  ownerUid: uid,
  score: rating,
  enqueuedAt,
  members: [{ uid, rating }],
});

const roomTicket = (id: string, uids: string[], partyId: string | null = null) => ({
  ticketId: id,
  partyId,
  ownerUid: uids[0]!,
  score: 1500,
  enqueuedAt: 1_000,
  members: uids.map((uid) => ({ uid, rating: 1500 })),
});

/** A pending 2v2: a party (a, b) on side A against two solos (c, d); side A is given a 60 % chance. */
export const pendingRoom = (): RoomDoc => ({
  id: 'r',
  mode: poolId('2v2'),
  ladder: 'team',
  kind: 'team',
  sides: [
    { tickets: [roomTicket('t1', ['a', 'b'], 'p')] },
    { tickets: [roomTicket('t2', ['c']), roomTicket('t3', ['d'])] },
  ],
  memberUids: ['a', 'b', 'c', 'd'],
  names: { a: 'Ann', b: 'Ben', c: 'Cat', d: 'Dan' },
  ranks: {},
  season: null,
  proposedAt: 1_000,
  quality: { spread: 0, sideDifference: 0, winProbabilityA: 0.6, waitSeconds: {} },
  status: 'pending',
  readyCheck: { deadline: 21_000, accepted: [], declined: [] },
  reportDeadline: null,
  reports: {},
  result: null,
  ratingChanges: null,
  createdAt: 1_000,
  updatedAt: 1_000,
  endedAt: null,
  endReason: null,
  forfeits: [],
  unrated: null,
  voided: null,
  leaveAfterSilentSeconds: null,
  region: null,
  rematch: null,
  rematchOf: null,
  bots: [],
  agreed: {},
  backfill: null,
  late: {},
  openUntil: null,
});
