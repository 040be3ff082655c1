import { toLadderError } from '@ladder/client';

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | ((event: Event) => void) | undefined>;

/** Creates an element: `on…` attributes become listeners, `true`/`false` toggle boolean attributes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false)
      element.append(child instanceof Node ? child : String(child));
  return element;
}

const banner = () => document.getElementById('error')!;

/** Shows a failure with the server's code, as players and testers need it to tell refusals apart. */
export function showError(error: unknown) {
  const failure = toLadderError(error);
  const box = banner();
  box.replaceChildren(
    h('strong', {}, failure.code),
    ` ${failure.message} `,
    h('button', { type: 'button', class: 'link', onclick: clearError }, 'Dismiss'),
  );
  box.hidden = false;
}

export function clearError() {
  banner().hidden = true;
}

/** Runs a button's action: the button is disabled meanwhile, and a failure is shown. */
export async function act(button: HTMLButtonElement, work: () => Promise<unknown>) {
  button.disabled = true;
  try {
    clearError();
    await work();
  } catch (error) {
    showError(error);
  } finally {
    button.disabled = false;
  }
}

/** A button whose click runs `work` through `act`. */
export function actionButton(label: string, work: () => Promise<unknown>, attributes: Attributes = {}) {
  const button: HTMLButtonElement = h(
    'button',
    { type: 'button', ...attributes, onclick: () => void act(button, work) },
    label,
  );
  return button;
}

/**
 * Fills a card that shows one ladder at a time: its title, a ladder picker and a Refresh button (both of which
 * call `load`), then `body`.
 */
export function ladderCard(
  card: HTMLElement,
  title: string,
  label: string,
  ladders: string[],
  body: HTMLElement,
  load: () => void,
): { select: HTMLSelectElement; refreshButton: HTMLButtonElement } {
  const select = h(
    'select',
    { 'aria-label': label, onchange: load },
    ...ladders.map((id) => h('option', { value: id }, id)),
  );
  const refreshButton = h('button', { type: 'button', onclick: load }, 'Refresh');
  card.replaceChildren(h('h2', {}, title), h('div', { class: 'inline' }, select, refreshButton), body);
  return { select, refreshButton };
}

/**
 * A sign-in card with the emulators' dev login: a name, then `signedIn` once the login succeeded (a failure shows in
 * the error banner).
 */
export function devSignIn(
  app: HTMLElement,
  login: (name: string) => Promise<unknown>,
  text: { title: string; hint: string; label: string; placeholder: string },
  signedIn: () => unknown,
) {
  const name = h('input', {
    name: 'name',
    placeholder: text.placeholder,
    required: true,
    minlength: 2,
    maxlength: 24,
    autocomplete: 'off',
    'aria-label': text.label,
  });
  const button: HTMLButtonElement = h('button', { type: 'submit', class: 'primary' }, 'Sign in');
  const form = h('form', { class: 'inline' }, name, button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void act(button, async () => {
      await login(name.value);
      await signedIn();
    });
  });
  app.replaceChildren(
    h('section', { class: 'card' }, h('h2', {}, text.title), h('p', { class: 'muted' }, text.hint), form),
  );
  name.focus();
}

/** A "Sign out" link: signs out, then shows what `then` shows. */
export function signOutButton(signOut: () => Promise<void>, then: () => void): HTMLButtonElement {
  const button: HTMLButtonElement = h('button', { type: 'button', class: 'link' }, 'Sign out');
  button.addEventListener(
    'click',
    () =>
      void act(button, async () => {
        await signOut();
        then();
      }),
  );
  return button;
}
