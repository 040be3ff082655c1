import { setTimeout as sleep } from 'node:timers/promises';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { app } from '../../functions/src/store/firestore/db.js';
import type { Client } from '../support/client.js';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { enqueue, expectInvariants, historyOf, roomOf, sideUids } from '../support/game.js';
import { auditRows, operator, stateOf } from '../support/operator.js';
import { party, players } from '../support/players.js';

/** A 1v1 between these two, won by `winner`; both report. */
async function duel(winner: Client, loser: Client) {
  await enqueue(winner, '1v1');
  const { room } = await enqueue(loser, '1v1');
  const side = sideUids(room!)[0]!.includes(winner.uid) ? 'A' : 'B';
  for (const c of [winner, loser]) await c.call('reportResult', { roomId: room!.id, outcome: side });
  return room!.id;
}

const authUser = (uid: string) =>
  getAuth(app)
    .getUser(uid)
    .then(
      () => true,
      () => false,
    );

describe("a player's data", () => {
  it('is exported to them as one JSON document: profile, state, history, rooms, party, ticket and operator actions', async () => {
    const op = await operator();
    const [ann, bob, cat] = await players('Export Ann', 'Export Bob', 'Export Cat');
    const roomId = await duel(ann, bob);
    await op.call('adjustRating', { uid: ann.uid, ladder: 'solo', delta: 5, reason: 'goodwill' });
    await party(ann, cat);
    await ann.call('blockPlayer', { uid: bob.uid });
    const mine = await ann.call('exportMyData');
    expect(mine.uid).toBe(ann.uid);
    expect(mine.profile?.displayName).toBe('Export Ann');
    expect(mine.state?.blocked.map((b) => b.uid)).toEqual([bob.uid]);
    expect(mine.history.map((h) => h.kind).sort()).toEqual(['adjustment', 'game']);
    expect(mine.rooms.map((r) => r.id)).toEqual([roomId]);
    expect(mine.party?.memberUids.sort()).toEqual([ann.uid, cat.uid].sort());
    expect(mine.audit).toEqual([
      expect.objectContaining({ action: 'adjustRating', reason: 'goodwill', target: ann.uid }),
    ]);
    // It is JSON: what was stored comes back whole through a round trip.
    expect(JSON.parse(JSON.stringify(mine))).toEqual(mine);
    // Each player gets their own: Bob blocked nobody, and Ann's block of him is not in his export.
    expect((await bob.call('exportMyData')).state?.blocked).toEqual([]);
  });
});

describe('deleting an account', () => {
  it("removes the player's own documents, sign-in, party place and others' blocks of them; rooms keep a tombstone", async () => {
    const [ann, bob, cat] = await players('Gone Ann', 'Gone Bob', 'Gone Cat');
    const roomId = await duel(ann, bob);
    await party(cat, ann);
    await bob.call('blockPlayer', { uid: ann.uid });
    const answer = await ann.call('deleteAccount');
    expect(answer).toMatchObject({ deleted: ann.uid, historyRows: 1, auditId: expect.any(String) });
    for (const path of [`players/${ann.uid}`, `playerStates/${ann.uid}`])
      expect((await db.doc(path).get()).exists).toBe(false);
    expect((await db.collection(`players/${ann.uid}/history`).get()).size).toBe(0);
    // The rooms she played are tombstones, in no history: not even an operator reads a game of hers.
    expect((await (await operator()).call('getHistory', { uid: ann.uid })).rows).toEqual([]);
    expect(await authUser(ann.uid)).toBe(false);
    expect(((await roomOf(roomId)) as unknown as { names: Record<string, string> }).names[ann.uid]).toBe(
      'deleted player',
    );
    expect((await stateOf(bob.uid)).blocked).toEqual([]);
    const catParty = (await db.doc(`parties/${(await stateOf(cat.uid)).partyId}`).get()).data();
    expect(catParty?.memberUids).toEqual([cat.uid]);
    // Bob's own history of the game is untouched; the leaderboard no longer has Ann.
    expect((await historyOf(bob)).map((row) => row.id)).toEqual([roomId]);
    expect((await bob.call('getLeaderboard', { ladder: 'solo', limit: 10 })).top.map((r) => r.uid)).toEqual([bob.uid]);
    expect(await auditRows()).toEqual([
      expect.objectContaining({ action: 'deleteAccount', actor: ann.uid, target: ann.uid }),
    ]);
    expect(JSON.stringify(await auditRows())).not.toContain('Gone Ann');
    await expectInvariants();
  });

  it("is refused for another player's account unless an operator asks, with a reason, and for a player in a live game", async () => {
    const op = await operator();
    const [ann, bob, eve] = await players('Live Ann', 'Live Bob', 'Other Eve');
    await enqueue(ann, '1v1');
    const { room } = await enqueue(bob, '1v1');
    const paths = await documentPaths();
    await expectRefusal(eve.call('deleteAccount', { uid: ann.uid }), 'permission-denied', /only their own account/);
    await expectRefusal(op.call('deleteAccount', { uid: ann.uid }), 'invalid-argument', /reason: an operator deleting/);
    await expectRefusal(
      op.call('deleteAccount', { uid: 'nobody', reason: 'GDPR request #3' }),
      'not-found',
      /^uid: there is no player "nobody"/,
    );
    await expectRefusal(ann.call('deleteAccount'), 'failed-precondition', new RegExp(`in live room "${room!.id}"`));
    await expectRefusal(
      op.call('deleteAccount', { uid: eve.uid, reason: 'x'.repeat(501) }),
      'invalid-argument',
      /reason: must be at most 500/,
    );
    expect(await documentPaths()).toEqual(paths);
    // After the game an operator deletes it, audited with the reason; a repeat finds it deleted and changes nothing.
    await ann.call('forfeit', { roomId: room!.id });
    const done = await op.call('deleteAccount', { uid: ann.uid, reason: 'GDPR request #3' });
    expect((await auditRows()).find((r) => r.id === done.auditId)).toMatchObject({
      actor: op.uid,
      reason: 'GDPR request #3',
    });
    const after = await documentPaths();
    expect(await op.call('deleteAccount', { uid: ann.uid, reason: 'GDPR request #3' })).toMatchObject({
      auditId: null,
      alreadyDeleted: true,
    });
    expect(await documentPaths()).toEqual(after);
    await expectInvariants();
  });
});

describe("a deleted account's session", () => {
  it('is refused by every call it still makes, and nothing is re-created or queued', async () => {
    const [ann, bob] = await players('Ghost Ann', 'Ghost Bob');
    await duel(ann, bob);
    const { party: bobs } = await bob.call('createParty');
    const done = await ann.call('deleteAccount');
    expect(done).toMatchObject({ auditId: expect.any(String), alreadyDeleted: false });
    // Her refresh token no longer mints ID tokens: the Auth user is gone and its sessions revoked.
    await expect(ann.auth.currentUser!.getIdToken(true)).rejects.toThrow(
      /invalid-refresh-token|user-not-found|user-token-expired/,
    );
    const paths = await documentPaths();
    const deleted = /This account was deleted at .*; its sessions no longer work/;
    // The ID token she holds is still valid for up to an hour; each call it makes is refused, changing nothing.
    const attempts: [string, () => Promise<unknown>][] = [
      ['getProfile', () => ann.call('getProfile')],
      ['enqueue', () => ann.call('enqueue', { mode: '1v1' })],
      ['heartbeat', () => ann.call('heartbeat')],
      ['cancelQueue', () => ann.call('cancelQueue')],
      ['setDisplayName', () => ann.call('setDisplayName', { displayName: 'Back Again' })],
      ['createParty', () => ann.call('createParty')],
      ['joinParty', () => ann.call('joinParty', { code: bobs.code })],
      ['blockPlayer', () => ann.call('blockPlayer', { uid: bob.uid })],
      ['getLeaderboard', () => ann.call('getLeaderboard', { ladder: 'solo', limit: 10 })],
      ['exportMyData', () => ann.call('exportMyData')],
      ['deleteAccount', () => ann.call('deleteAccount')],
    ];
    for (const [name, call] of attempts) {
      const error = await expectRefusal(call(), 'unauthenticated', deleted);
      expect(error, name).toBeTruthy();
    }
    expect(await documentPaths()).toEqual(paths);
    expect((await auditRows()).filter((r) => r.action === 'deleteAccount')).toHaveLength(1);
    expect((await bob.call('getLeaderboard', { ladder: 'solo', limit: 10 })).top.map((r) => r.uid)).toEqual([bob.uid]);
    await expectInvariants();
  });

  it('ends with the deletion, while a later sign-in under the same uid starts a new account', async () => {
    const [ann, cat] = await players('Return Ann', 'Return Cat');
    // A game of the first account, so its tombstone carries a rating drift the ladder's sum must keep.
    await duel(ann, cat);
    const { deletedAt } = await ann.call('deleteAccount');
    await expectRefusal(ann.call('getProfile'), 'unauthenticated', /was deleted/);
    // A token's sign-in time is in whole seconds, and one from the deletion's own second counts as the old session:
    // a later sign-in is one in a later second.
    await sleep(Math.max(0, (Math.floor(deletedAt / 1000) + 1) * 1000 - Date.now()));
    // The dev login maps a name to one uid, as WeChat maps a person: signing in again is a new account.
    const [again] = await players('Return Ann');
    expect(again.uid).toBe(ann.uid);
    const fresh = await again.call('getProfile');
    expect(fresh.player.ladders.solo?.games ?? 0).toBe(0);
    await expectRefusal(ann.call('getProfile'), 'unauthenticated', /was deleted/);
    // The new account plays like any other, and the ladder's invariants hold beside the old account's tombstone.
    const [bob] = await players('Return Bob');
    await duel(again, bob);
    expect((await again.call('getProfile')).player.ladders.solo?.games).toBe(1);
    await expectInvariants();
    // Deleting the new account deletes it: a second deletion of its own, not "already deleted".
    const second = await again.call('deleteAccount');
    expect(second).toMatchObject({ deleted: ann.uid, alreadyDeleted: false, historyRows: 1 });
    const deletions = (await auditRows()).filter((r) => r.action === 'deleteAccount' && r.target === ann.uid);
    expect(deletions).toHaveLength(2);
    await expectInvariants();
  });
});
