import type { PartyScores } from '../../bench/bound.js';
/**
 * The packing bound's flow as it was first written, for the bound's tests: an edge from every solo and 2-stack
 * to every party within reach, and the most valuable flow found by successive cheapest paths (Bellman–Ford
 * with a queue). Slow, direct, and apart from the bench's own solver; only for pools of a few dozen tickets.
 */
export function denseStranded({ solos, twos, threes, fours }: PartyScores, reach: number): number {
  const source = 0;
  const sink = 1;
  const firstSolo = 2;
  const firstTwo = firstSolo + solos.length;
  const firstThree = firstTwo + twos.length;
  const firstFour = firstThree + threes.length;
  const network = new GainNetwork(firstFour + fours.length);
  const reaching = (from: readonly number[], fromNode: number, parties: readonly number[], partyNode: number) => {
    from.forEach((score, i) => {
      parties.forEach((party, k) => {
        if (Math.abs(score - party) <= reach) network.addEdge(fromNode + i, partyNode + k, 2, gainOf(partyNode));
      });
    });
  };
  const gainOf = (partyNode: number) => (partyNode === firstFour ? 4 : 1.5);
  for (let i = 0; i < solos.length; i++) network.addEdge(source, firstSolo + i, 1);
  for (let j = 0; j < twos.length; j++) network.addEdge(source, firstTwo + j, 2);
  reaching(solos, firstSolo, fours, firstFour);
  reaching(solos, firstSolo, threes, firstThree);
  reaching(twos, firstTwo, threes, firstThree);
  for (let k = 0; k < threes.length; k++) network.addEdge(firstThree + k, sink, 2);
  for (let k = 0; k < fours.length; k++) network.addEdge(firstFour + k, sink, 1);
  return 4 * fours.length + 3 * threes.length - network.maxGain(source, sink);
}

/** A network for the most valuable flow: each unit of flow on an edge earns its `gain`. */
class GainNetwork {
  private readonly to: number[] = [];
  private readonly capacity: number[] = [];
  private readonly cost: number[] = [];
  private readonly nextEdge: number[] = [];
  private readonly firstEdge: number[];

  constructor(private readonly nodes: number) {
    this.firstEdge = new Array<number>(nodes).fill(-1);
  }

  addEdge(from: number, to: number, capacity: number, gain = 0): void {
    // Each edge is stored beside its residual twin (index ^ 1), which carries the flow back at the opposite cost.
    this.push(from, to, capacity, -gain);
    this.push(to, from, 0, gain);
  }

  private push(from: number, to: number, capacity: number, cost: number): void {
    this.to.push(to);
    this.capacity.push(capacity);
    this.cost.push(cost);
    this.nextEdge.push(this.firstEdge[from] ?? -1);
    this.firstEdge[from] = this.to.length - 1;
  }

  /** The most a flow from `source` to `sink` can earn. Costs the network its capacities: call it once. */
  maxGain(source: number, sink: number): number {
    let gain = 0;
    for (;;) {
      const { distance, via } = this.cheapestPaths(source);
      const best = distance[sink] ?? Infinity;
      if (!(best < -1e-9)) return gain;
      let flow = Infinity;
      for (let v = sink; v !== source; v = this.to[(via[v] ?? 0) ^ 1] ?? source) {
        flow = Math.min(flow, this.capacity[via[v] ?? 0] ?? 0);
      }
      for (let v = sink; v !== source; v = this.to[(via[v] ?? 0) ^ 1] ?? source) {
        const edge = via[v] ?? 0;
        this.capacity[edge] = (this.capacity[edge] ?? 0) - flow;
        this.capacity[edge ^ 1] = (this.capacity[edge ^ 1] ?? 0) + flow;
      }
      gain -= best * flow;
    }
  }

  /** Cheapest residual paths from `source`; a max-gain flow never leaves a negative cycle, so they exist. */
  private cheapestPaths(source: number): { distance: Float64Array; via: Int32Array } {
    const distance = new Float64Array(this.nodes).fill(Infinity);
    const via = new Int32Array(this.nodes).fill(-1);
    const queued = new Uint8Array(this.nodes);
    const queue = [source];
    distance[source] = 0;
    queued[source] = 1;
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head] ?? source;
      queued[u] = 0;
      for (let e = this.firstEdge[u] ?? -1; e !== -1; e = this.nextEdge[e] ?? -1) {
        const v = this.to[e] ?? 0;
        const through = (distance[u] ?? 0) + (this.cost[e] ?? 0);
        if ((this.capacity[e] ?? 0) > 0 && through < (distance[v] ?? 0) - 1e-9) {
          distance[v] = through;
          via[v] = e;
          if (!queued[v]) {
            queued[v] = 1;
            queue.push(v);
          }
        }
      }
    }
    return { distance, via };
  }
}
