import type { Services } from './connect.js';
import type { LadderError } from './errors.js';
import { listenDoc } from './listen.js';
import { MatchSubscription, type Match, type MatchOptions } from './match.js';
import { isEnded } from './status.js';
import type { PlayerState, Unsubscribe } from './types.js';

/**
 * Follows the player from match to match through their state document: every ticket it points at (one the
 * player queued, or one their party leader queued for them) becomes a Match handed to `onMatch` once its
 * first status shows it is live. A ticket that had already ended when first read (the previous game, seen at
 * start-up) is skipped. A failed ready check's re-queue stays within the same Match.
 */
export function watchMatches(
  services: Services,
  uid: string,
  onMatch: (match: Match) => void,
  options: MatchOptions,
  onError: (error: LadderError) => void,
): Unsubscribe {
  let latest: { ticketId: string; mode: string } | null = null;
  let current: MatchSubscription | null = null;
  let stopped = false;
  const seen = new Set<string>();

  const reconcile = () => {
    if (stopped || !latest) return;
    if (current?.follows(latest.ticketId)) return;
    // A live match moves on (re-queue) or ends before a newer ticket can be another match.
    if (current && !current.ended) return;
    if (seen.has(latest.ticketId)) return;
    seen.add(latest.ticketId);
    let delivered = false;
    current = new MatchSubscription(services, uid, latest, options, (match) => {
      if (!delivered && match.status) {
        delivered = true;
        if (isEnded(match.status)) match.close();
        else onMatch(match);
      }
      reconcile();
    });
  };

  const stopState = listenDoc<PlayerState>(
    services.db,
    `playerStates/${uid}`,
    (state) => {
      latest = state?.ticketId && state.mode ? { ticketId: state.ticketId, mode: state.mode } : null;
      reconcile();
    },
    onError,
  );
  return () => {
    stopped = true;
    stopState();
    current?.close();
  };
}
