import type { Match, RematchStatus, Room } from '@ladder/client';
import { clearError, h, showError } from './dom.js';

/**
 * "Play again" under a settled game: who has asked and who is still to, whether the rematch would be rated, and
 * a request that lapsed or was declined (asking again starts a fresh one).
 * When everyone has asked, the new room arrives through the Ladder's `onMatch`, which replaces this card.
 */
export function rematchPanel(match: Match, room: Room, uid: string): HTMLElement {
  const names = (uids: string[]) => uids.map((u) => (u === uid ? 'you' : (room.names[u] ?? u))).join(', ');
  const text = h('p', { 'data-testid': 'rematch-status' }, 'Play again with the same players?');
  const unrated = h('p', { class: 'muted', 'data-testid': 'rematch-unrated' });
  const button = h('button', { type: 'button', class: 'primary' }, 'Play again');
  const show = (status: RematchStatus) => {
    button.disabled = status.youAsked || status.rematchRoomId !== null;
    button.textContent = status.youAsked ? 'Asked to play again' : 'Play again';
    if (status.phase === 'lapsed') text.textContent = 'Not everyone asked in time. Play again to ask afresh.';
    else if (status.declined)
      text.textContent = `${names([status.declined.uid])} ${status.declined.reason === 'queued' ? 'queued for another game' : 'said no'}. Play again to ask afresh.`;
    else if (status.asked.length > 0)
      text.textContent = `Asked to play again: ${names(status.asked)}. Waiting for ${names(status.waitingFor) || 'nobody'}.`;
    unrated.textContent = status.unrated ?? '';
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      clearError();
      show(await match.requestRematch());
    } catch (error) {
      button.disabled = false;
      showError(error);
    }
  });
  match.onRematch(show);
  return h('div', { class: 'rematch', 'data-testid': 'rematch' }, button, text, unrated);
}
