import type { Mode, WidenedCap } from '../mode/modes.js';

/** The cap in force after waiting `waitSeconds`: the last step reached (the first step starts at 0). */
export function capAt(cap: WidenedCap, waitSeconds: number): number {
  let value = cap.schedule[0]?.value ?? cap.hard;
  for (const step of cap.schedule) {
    if (step.afterSeconds > waitSeconds) break;
    value = step.value;
  }
  return value;
}

export interface Caps {
  spread: number;
  /** null for free-for-all modes, which have no sides. */
  sideDifference: number | null;
}

/**
 * The caps for a match whose oldest ticket has waited `oldestWaitSeconds`: tight for fresh tickets,
 * widening along the mode's schedules so that a long wait buys a wider net, never past the hard caps.
 */
export function currentCaps(mode: Mode, oldestWaitSeconds: number): Caps {
  return {
    spread: capAt(mode.spreadCap, oldestWaitSeconds),
    sideDifference: mode.format.kind === 'team' ? capAt(mode.format.sideDifferenceCap, oldestWaitSeconds) : null,
  };
}
