import type { TeamFormat, WidenedCap } from '../modes.js';
import { MAX_PARTY_SIZE } from '../ticket.js';
import { balancedCompositions, type Composition } from './premade.js';
import type { Attempt } from './reasons.js';
import type { ScoreIndex } from './scoreIndex.js';
import { bestSplit, type SplitUnit } from './sides.js';
import { capAt } from './widening.js';


/** Room per party size in the scratch arrays: a match holds at most ten parties of one size. */
const STRIDE = 2 * MAX_PARTY_SIZE + 1;

interface Option {
  composition: Composition;
  spread: number;
}

/**
 * Builds team matches from a pool. For each mix of party sizes the premade policy allows, it takes the
 * parties of each size nearest the anchor's score; it tries those mixes from the tightest spread up and
 * keeps the first whose optimal split fits the side cap. That is a few binary searches and at most a
 * few dozen exact splits of ten parties per anchor, whatever the pool size.
 */
export class TeamMatcher {
  private readonly compositions: readonly Composition[];
  private readonly anyCompositions: readonly Composition[];
  /** Parties per size among the mandatory tickets of the current attempt. */
  private readonly fixed = new Int32Array(MAX_PARTY_SIZE + 1);
  /** `nearby[size * STRIDE + k]`: the k-th nearest available party of that size. */
  private readonly nearby = new Int32Array((MAX_PARTY_SIZE + 1) * STRIDE);
  private readonly found = new Int32Array(MAX_PARTY_SIZE + 1);
  /** Score bounds of the mandatory tickets and the first k nearby parties of a size, at `size * STRIDE + k`. */
  private readonly lowest = new Float64Array((MAX_PARTY_SIZE + 1) * STRIDE);
  private readonly highest = new Float64Array((MAX_PARTY_SIZE + 1) * STRIDE);

  constructor(
    private readonly index: ScoreIndex,
    private readonly format: TeamFormat,
    private readonly spreadCap: WidenedCap,
  ) {
    this.compositions = balancedCompositions(format.teamSize, format.premade);
    this.anyCompositions = balancedCompositions(format.teamSize, 'any');
  }

  /**
   * A match containing every `mandatory` ticket (the anchor, and when a ticket arrives, the arrival),
   * under the caps widened by `oldestWaitSeconds`.
   */
  build(mandatory: readonly number[], oldestWaitSeconds: number): Attempt {
    const { index, format } = this;
    const spreadCap = capAt(this.spreadCap, oldestWaitSeconds);
    const sideDifferenceCap = capAt(format.sideDifferenceCap, oldestWaitSeconds);
    const teamSize = format.teamSize;
    this.fixed.fill(0);
    let fixedPlayers = 0;
    let fixedLowest = Infinity;
    let fixedHighest = -Infinity;
    for (const ticket of mandatory) {
      const size = index.size(ticket);
      this.fixed[size] = (this.fixed[size] ?? 0) + 1;
      fixedPlayers += size;
      fixedLowest = Math.min(fixedLowest, index.score(ticket));
      fixedHighest = Math.max(fixedHighest, index.score(ticket));
    }
    if (fixedPlayers > 2 * teamSize || fixedHighest - fixedLowest > spreadCap) {
      return { matched: false, reason: 'noCandidatesWithinCaps' };
    }

    const center = (fixedLowest + fixedHighest) / 2;
    const room = 2 * teamSize - fixedPlayers;
    for (let size = 1; size <= teamSize; size++) {
      const base = size * STRIDE;
      const limit = Math.floor(room / size);
      const found = index.nearest(size, center, fixedHighest - spreadCap, fixedLowest + spreadCap, limit, mandatory, this.nearby, base);
      this.found[size] = found;
      this.lowest[base] = fixedLowest;
      this.highest[base] = fixedHighest;
      for (let k = 0; k < found; k++) {
        const score = index.score(this.nearby[base + k] ?? -1);
        this.lowest[base + k + 1] = Math.min(this.lowest[base + k] ?? Infinity, score);
        this.highest[base + k + 1] = Math.max(this.highest[base + k] ?? -Infinity, score);
      }
    }

    const viable = this.options(this.compositions, spreadCap, fixedLowest, fixedHighest);
    for (const { composition } of viable) {
      const tickets = [...mandatory];
      for (let size = 1; size <= teamSize; size++) {
        const need = (composition[size] ?? 0) - (this.fixed[size] ?? 0);
        for (let k = 0; k < need; k++) tickets.push(this.nearby[size * STRIDE + k] ?? -1);
      }
      const units: SplitUnit[] = tickets.map((ticket) => ({ size: index.size(ticket), score: index.score(ticket) }));
      const split = bestSplit(units, teamSize, format.premade);
      if (split && split.sideDifference <= sideDifferenceCap) {
        return {
          matched: true,
          sides: [tickets.filter((_, i) => split.onSideA[i]), tickets.filter((_, i) => !split.onSideA[i])],
        };
      }
    }
    if (viable.length === 0 && this.options(this.anyCompositions, spreadCap, fixedLowest, fixedHighest).length > 0) {
      return { matched: false, reason: 'premadeImbalance' };
    }
    return { matched: false, reason: 'noCandidatesWithinCaps' };
  }

  /** The compositions the nearby parties can fill within the spread cap, tightest first. */
  private options(compositions: readonly Composition[], spreadCap: number, fixedLowest: number, fixedHighest: number): Option[] {
    const result: Option[] = [];
    for (const composition of compositions) {
      let lowest = fixedLowest;
      let highest = fixedHighest;
      let available = true;
      for (let size = 1; size <= this.format.teamSize && available; size++) {
        const need = (composition[size] ?? 0) - (this.fixed[size] ?? 0);
        if (need < 0 || need > (this.found[size] ?? 0)) available = false;
        else {
          lowest = Math.min(lowest, this.lowest[size * STRIDE + need] ?? Infinity);
          highest = Math.max(highest, this.highest[size * STRIDE + need] ?? -Infinity);
        }
      }
      if (available && highest - lowest <= spreadCap) result.push({ composition, spread: highest - lowest });
    }
    return result.sort(bySpread);
  }
}

function bySpread(a: Option, b: Option): number {
  return a.spread - b.spread;
}
