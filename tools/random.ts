/** A seeded pseudo-random source (mulberry32), so every run of the benchmark sees the same pools. */
export class Random {
  private state: number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Normal with the given mean and standard deviation (Box–Muller, both values used). */
  normal(mean: number, deviation: number): number {
    if (this.spare !== null) {
      const value = this.spare;
      this.spare = null;
      return mean + deviation * value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return mean + deviation * radius * Math.cos(angle);
  }

  /** Exponential with the given rate: the gap to the next event of a Poisson process. */
  exponential(rate: number): number {
    return -Math.log(1 - this.next()) / rate;
  }

  /** An index drawn with the given weights. */
  pick(weights: readonly number[]): number {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let draw = this.next() * total;
    for (const [i, weight] of weights.entries()) {
      draw -= weight;
      if (draw < 0) return i;
    }
    return weights.length - 1;
  }
}
