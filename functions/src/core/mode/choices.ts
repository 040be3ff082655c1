import { z } from 'zod';
import { fail } from '../errors.js';

/** Choices per mode, values per choice, and combinations of values (one per choice) a sweep may try. */
export const MAX_CHOICES = 3;
export const MAX_CHOICE_VALUES = 16;
export const MAX_AGREEMENTS = 64;

/** Choice names and values travel on every ticket and room: short words. */
const wordSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'choice names and values are 1 to 32 letters, digits, "_" or "-"');

/**
 * One thing players choose that the room must agree on. `overlap`: a ticket names the values it accepts (maps,
 * variants) and the room plays one value every ticket accepts; `equal`: a ticket names one value (a language, a
 * device class) and shares a room only with tickets that named the same. A ticket that names nothing accepts
 * every value, and so does one that has waited `relaxAfterSeconds` (null: never relaxes).
 */
export const choiceSchema = z.strictObject({
  kind: z.enum(['overlap', 'equal']),
  values: z
    .array(wordSchema)
    .min(1)
    .max(MAX_CHOICE_VALUES)
    .refine((values) => new Set(values).size === values.length, 'values must be distinct'),
  relaxAfterSeconds: z.number().min(0).nullable().default(null),
});
export type Choice = z.infer<typeof choiceSchema>;

export const choicesSchema = z
  .record(wordSchema, choiceSchema)
  .refine((choices) => Object.keys(choices).length <= MAX_CHOICES, `at most ${MAX_CHOICES} choices per mode`)
  .refine(
    (choices) => agreementCount(choices) <= MAX_AGREEMENTS,
    `the choices' values multiplied together must not exceed ${MAX_AGREEMENTS}`,
  );
export type Choices = z.infer<typeof choicesSchema>;

/** How many combinations of one value per choice there are. */
const agreementCount = (choices: Record<string, Choice>): number =>
  Object.values(choices).reduce((n, c) => n * c.values.length, 1);

/** What a ticket chose: per choice it named, the values it accepts. Choices it did not name accept anything. */
export type TicketChoices = Readonly<Record<string, readonly string[]>>;

/** The value of each choice a room's tickets agreed on. */
export type Agreement = Record<string, string>;

/** What an enqueue request may carry, bounded before it is checked against the mode. */
export const choicesRequestSchema = z
  .record(z.string().max(32), z.union([z.string().max(32), z.array(z.string().max(32)).min(1).max(MAX_CHOICE_VALUES)]))
  .refine((choices) => Object.keys(choices).length <= MAX_CHOICES, `at most ${MAX_CHOICES} choices`);

const listed = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/**
 * A ticket's choices from an enqueue request, checked against its mode: only the mode's choices, only their
 * values, one value for an `equal` choice. Refuses with `invalid-argument` naming the field.
 */
export function requestedChoices(
  modeId: string,
  choices: Choices | null,
  request: Readonly<Record<string, string | readonly string[]>> | undefined,
): Record<string, string[]> {
  if (!request || Object.keys(request).length === 0) return {};
  if (!choices) fail('invalid-argument', `choices: mode "${modeId}" offers no choices.`);
  const chosen: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(request)) {
    const choice = Object.hasOwn(choices, name) ? choices[name] : undefined;
    if (!choice)
      fail('invalid-argument', `choices.${name}: mode "${modeId}" offers ${listed(Object.keys(choices))} only.`);
    const values = typeof value === 'string' ? [value] : [...new Set(value)];
    if (choice.kind === 'equal' && values.length !== 1)
      fail('invalid-argument', `choices.${name}: name one value, not a list.`);
    const unknown = values.find((v) => !choice.values.includes(v));
    if (unknown !== undefined)
      fail('invalid-argument', `choices.${name}: "${unknown}" is not one of ${listed(choice.values)}.`);
    chosen[name] = values;
  }
  return chosen;
}

/** The values of a choice a ticket accepts after waiting `waitedSeconds`. */
export function acceptedValues(choice: Choice, named: readonly string[] | undefined, waitedSeconds: number) {
  const relaxed = choice.relaxAfterSeconds !== null && waitedSeconds >= choice.relaxAfterSeconds;
  return named === undefined || relaxed ? choice.values : named;
}

/** A ticket as choices see it. */
export interface Choosing {
  enqueuedAt: number;
  choices?: TicketChoices;
}

/** Whether the ticket accepts every value of the agreement at `nowMs`. */
function acceptsAgreement(choices: Choices, ticket: Choosing, agreed: Agreement, nowMs: number): boolean {
  const waited = (nowMs - ticket.enqueuedAt) / 1000;
  return Object.entries(agreed).every(([name, value]) =>
    acceptedValues(choices[name]!, ticket.choices?.[name], waited).includes(value),
  );
}

/**
 * What a room of these tickets plays: for each choice, the first value (in the mode's order) every ticket accepts
 * at `nowMs`; null when some choice has none. A mode without choices agrees on nothing, always.
 */
export function agreement(choices: Choices | null, tickets: readonly Choosing[], nowMs: number): Agreement | null {
  const agreed: Agreement = {};
  for (const [name, choice] of Object.entries(choices ?? {})) {
    const accepted = tickets.map((t) => acceptedValues(choice, t.choices?.[name], (nowMs - t.enqueuedAt) / 1000));
    const value = choice.values.find((v) => accepted.every((values) => values.includes(v)));
    if (value === undefined) return null;
    agreed[name] = value;
  }
  return agreed;
}

/** Which combinations of values some of the tickets accept, and which ticket accepts which. */
export interface Demand {
  /** Every combination of one value per choice at least one ticket accepts, most accepted first (ties in the mode's order). */
  agreements: Agreement[];
  /** Whether the ticket at `ticket` (its index in the tickets given) accepts `agreements[agreement]`. */
  accepts(ticket: number, agreement: number): boolean;
}

/**
 * The order a sweep tries combinations in, so the popular map fills its rooms first. Tickets are grouped by what
 * they accept, so counting and testing cost combinations × distinct signatures, and a ticket's test is a lookup.
 */
export function demandFor(choices: Choices, tickets: readonly Choosing[], nowMs: number): Demand {
  let combos: Agreement[] = [{}];
  for (const [name, choice] of Object.entries(choices))
    combos = combos.flatMap((combo) => choice.values.map((value) => ({ ...combo, [name]: value })));
  const signatures = new Map<string, number>();
  const signatureOf = new Int32Array(tickets.length);
  const chosen: Choosing[] = [];
  const counts: number[] = [];
  const named = Object.entries(choices);
  tickets.forEach((ticket, t) => {
    const waited = (nowMs - ticket.enqueuedAt) / 1000;
    // A choice the ticket accepts whole is keyed '*', so the common ticket costs no joining of values.
    let key = '';
    for (const [name, c] of named) {
      const values = acceptedValues(c, ticket.choices?.[name], waited);
      key += `${values === c.values ? '*' : values.join(',')}|`;
    }
    let s = signatures.get(key);
    if (s === undefined) {
      s = chosen.length;
      signatures.set(key, s);
      // The signature as a ticket that has not waited: its relaxation is already in what it accepts.
      const accepted = named.map(([name, c]) => [name, acceptedValues(c, ticket.choices?.[name], waited)]);
      chosen.push({ enqueuedAt: nowMs, choices: Object.fromEntries(accepted) });
      counts.push(0);
    }
    counts[s]!++;
    signatureOf[t] = s;
  });
  const accepting = combos.map((agreed) => chosen.map((c) => acceptsAgreement(choices, c, agreed, nowMs)));
  const ranked = combos
    .map((agreed, a) => ({ agreed, a, n: counts.reduce((sum, n, s) => sum + (accepting[a]![s] ? n : 0), 0) }))
    .filter((d) => d.n > 0)
    .sort((x, y) => y.n - x.n);
  return {
    agreements: ranked.map((d) => d.agreed),
    accepts: (ticket, agreement) => accepting[ranked[agreement]!.a]![signatureOf[ticket]!]!,
  };
}
