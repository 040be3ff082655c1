import { getApp } from 'firebase/app';
import { collection, getDocs, getFirestore } from 'firebase/firestore';
import { toLadderError, type Invoke, type ModePause } from '@ladder/client';
import { h, showError } from '../dom.js';

// The operator view's confirmations and the mode page (pause, resume); the player page is in player.ts. Every
// action is confirmed first with a sentence naming its consequence; the server checks the admin claim again.

export const when = (ms: number | null) =>
  ms === null ? 'no expiry' : new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * A confirmation box in `slot`: the consequence in words, then Confirm (which runs `work`) or Cancel. A refusal
 * is shown inside the box, beside the buttons it answers, and the box stays open to cancel or try again.
 */
export function confirmIn(slot: HTMLElement, consequence: string, label: string, work: () => Promise<unknown>) {
  const confirm: HTMLButtonElement = h('button', { type: 'button', class: 'primary' }, label);
  const cancel = h('button', { type: 'button', onclick: () => slot.replaceChildren() }, 'Cancel');
  const refusal = h('p', { class: 'error', role: 'alert', 'data-testid': 'refusal', hidden: true });
  confirm.addEventListener('click', () => {
    confirm.disabled = true;
    refusal.hidden = true;
    work().then(
      () => slot.replaceChildren(),
      (error: unknown) => {
        const failure = toLadderError(error);
        refusal.replaceChildren(h('strong', {}, failure.code), ` ${failure.message}`);
        refusal.hidden = false;
        confirm.disabled = false;
      },
    );
  });
  slot.replaceChildren(
    h(
      'div',
      { class: 'confirm', role: 'alertdialog', 'data-testid': 'confirm' },
      h('p', {}, consequence),
      confirm,
      ' ',
      cancel,
      refusal,
    ),
  );
}

export const input = (label: string, attributes: Record<string, string> = {}) =>
  h('input', { 'aria-label': label, autocomplete: 'off', ...attributes });

/** The mode page: each mode's pause state, and pause (with the message players see) or resume. */
export function modesPage(call: Invoke, modes: string[]): HTMLElement {
  const message = input('Message to players', {
    placeholder: 'what players trying to queue are told',
    maxlength: '300',
  });
  const reason = input('Mode reason', { placeholder: 'why (goes into the audit)', maxlength: '500' });
  const slot = h('div', {});
  const list = h('table', { class: 'operator-table', 'data-testid': 'modes' });
  const show = async () => {
    const pauses = (await getDocs(collection(getFirestore(getApp()), 'modePauses'))).docs.map(
      (d) => d.data() as ModePause,
    );
    const paused = new Map(pauses.map((p) => [p.target, p]));
    const run = (consequence: () => string, label: string, work: () => Promise<unknown>) => () =>
      confirmIn(slot, consequence(), label, async () => {
        await work();
        await show();
      });
    list.replaceChildren(
      ...[...new Set([...modes, ...paused.keys()])].map((mode) => {
        const pause = paused.get(mode);
        return h(
          'tr',
          { 'data-testid': `mode-${mode}` },
          h('td', {}, mode),
          h('td', {}, pause ? `paused: ${pause.message}` : 'open'),
          h(
            'td',
            {},
            pause
              ? h(
                  'button',
                  {
                    type: 'button',
                    onclick: run(
                      () => `Resume ${mode}: players can queue for it again.`,
                      'Confirm resume',
                      () => call('resumeMode', { mode, reason: reason.value }),
                    ),
                  },
                  'Resume',
                )
              : h(
                  'button',
                  {
                    type: 'button',
                    onclick: run(
                      () =>
                        `Pause ${mode}: queueing is refused with your message, and everyone waiting is released (not penalised); games already formed finish.`,
                      'Confirm pause',
                      () => call('pauseMode', { mode, message: message.value, reason: reason.value }),
                    ),
                  },
                  'Pause',
                ),
          ),
        );
      }),
    );
  };
  const card = h(
    'section',
    { class: 'card', id: 'modes-page' },
    h('h2', {}, 'Modes'),
    h('div', { class: 'inline' }, message, reason),
    slot,
    list,
  );
  void show().catch(showError);
  return card;
}
