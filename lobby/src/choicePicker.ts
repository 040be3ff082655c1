import type { ChoiceInfo, Chosen } from '@ladder/client';
import { h } from './dom.js';

/**
 * What the player will play, for a mode with choices: a box per value of an `overlap` choice (maps they accept),
 * a list of the values of an `equal` one (the language they play in). Everything ticked, or "Any", names nothing:
 * the player accepts whatever the room plays.
 */
export class ChoicePicker {
  readonly element = h('div', { class: 'choices', 'data-testid': 'choices' });
  private read: () => Chosen = () => ({});

  /** Shows the choices of the mode picked (none: the picker is hidden). */
  show(choices: readonly ChoiceInfo[]) {
    const parts = choices.map((choice) => (choice.kind === 'overlap' ? overlap(choice) : equal(choice)));
    this.element.replaceChildren(...parts.map((p) => p.element));
    this.element.hidden = choices.length === 0;
    this.read = () => Object.fromEntries(parts.flatMap((p) => p.value()));
  }

  /** The player's choices as `queue` takes them. */
  chosen(): Chosen {
    return this.read();
  }
}

interface Part {
  element: HTMLElement;
  value(): [string, string | string[]][];
}

const label = (choice: ChoiceInfo) => h('span', { class: 'muted' }, `${choice.id}:`);

function overlap(choice: ChoiceInfo): Part {
  const boxes = choice.values.map((value) => h('input', { type: 'checkbox', checked: true, value }));
  const element = h(
    'fieldset',
    { 'aria-label': choice.id },
    label(choice),
    ...boxes.map((box) => h('label', {}, box, ` ${box.value}`)),
  );
  const value = (): [string, string[]][] => {
    const ticked = boxes.filter((b) => b.checked).map((b) => b.value);
    return ticked.length === 0 || ticked.length === boxes.length ? [] : [[choice.id, ticked]];
  };
  return { element, value };
}

function equal(choice: ChoiceInfo): Part {
  const select = h(
    'select',
    { 'aria-label': choice.id },
    h('option', { value: '' }, 'Any'),
    ...choice.values.map((value) => h('option', { value }, value)),
  );
  return {
    element: h('label', {}, label(choice), ' ', select),
    value: () => (select.value ? [[choice.id, select.value]] : []),
  };
}
