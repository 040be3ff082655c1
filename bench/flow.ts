/**
 * A small network for the most valuable flow (successive shortest paths, Bellman–Ford with a queue): enough
 * for the benchmark's packing bound on pools of a few thousand players, where the graph has a few hundred
 * nodes. Each unit of flow on an edge earns its `gain`; flow is pushed while a path still earns something.
 */
export class GainNetwork {
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
