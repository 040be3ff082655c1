import type { LadderError } from './errors.js';
import { MatchSubscription, type MatchOptions } from './match.js';
import type { Services } from './services.js';
import { isEnded } from './status.js';
import type { Unsubscribe } from './types.js';

/**
 * Follows the player from match to match through their state document: every ticket it points at (one the
 * player queued, or one their party leader queued for them) becomes a Match handed to `onMatch` once its
 * first status shows it is live. A ticket that had already ended when first read (the previous game, seen at
 * start-up) is skipped. A failed ready check's re-queue stays within the same Match.
 *
 * Lifetimes: the returned unsubscribe stops handing over new matches and closes a Match still being prepared
 * (not yet handed over). A Match already handed over belongs to the caller: it keeps listening until it ends
 * (settled, voided, cancelled, expired) or the caller closes it, whether or not this subscription is still on.
 */
export function watchMatches(
  services: Services,
  uid: string,
  onMatch: (match: MatchSubscription) => void,
  options: MatchOptions,
  onError: (error: LadderError) => void,
): Unsubscribe {
  let latest: { ticketId: string; pool: string } | null = null;
  let current: MatchSubscription | null = null;
  // Matches whose first status has come: handed over (or closed, if it showed they had already ended).
  const handedOver = new WeakSet<MatchSubscription>();
  let stopped = false;
  const seen = new Set<string>();

  const reconcile = () => {
    if (stopped || !latest) return;
    if (current?.follows(latest.ticketId)) return;
    // A live match moves on (re-queue) or ends before a newer ticket can be another match.
    if (current && !current.ended) return;
    if (seen.has(latest.ticketId)) return;
    seen.add(latest.ticketId);
    current = new MatchSubscription(services, uid, latest, options, (match) => {
      if (!handedOver.has(match) && match.status) {
        handedOver.add(match);
        if (isEnded(match.status)) match.close();
        else onMatch(match);
      }
      reconcile();
    });
  };

  const stopState = services.feed.state(
    uid,
    (state) => {
      latest = state?.ticketId && state.mode ? { ticketId: state.ticketId, pool: state.mode } : null;
      reconcile();
    },
    onError,
  );
  return () => {
    stopped = true;
    stopState();
    if (current && !handedOver.has(current)) current.close();
  };
}
