/**
 * A network for the largest flow (Dinic's blocking flows), enough for the benchmark's packing bound on pools of
 * 100,000 players, where the graph has some 50,000 nodes and a few hundred thousand edges. Paths are followed
 * with an explicit stack: a residual path can be as long as the graph, too deep for recursion.
 */
export class FlowNetwork {
  private readonly to: number[] = [];
  private readonly capacity: number[] = [];
  private readonly nextEdge: number[] = [];
  private readonly firstEdge: Int32Array;

  constructor(private readonly nodes: number) {
    this.firstEdge = new Int32Array(nodes).fill(-1);
  }

  /** An edge carrying at most `capacity` (Infinity for none), stored beside its residual twin (index ^ 1). */
  addEdge(from: number, to: number, capacity: number): void {
    this.push(from, to, capacity);
    this.push(to, from, 0);
  }

  private push(from: number, to: number, capacity: number): void {
    this.to.push(to);
    this.capacity.push(capacity);
    this.nextEdge.push(this.firstEdge[from] ?? -1);
    this.firstEdge[from] = this.to.length - 1;
  }

  /** The largest flow from `source` to `sink`. Costs the network its capacities: call it once. */
  maxFlow(source: number, sink: number): number {
    let flow = 0;
    const level = new Int32Array(this.nodes);
    while (this.levels(source, sink, level)) flow += this.blockingFlow(source, sink, level);
    return flow;
  }

  /** Each node's distance from `source` in residual edges; whether `sink` is reached. */
  private levels(source: number, sink: number, level: Int32Array): boolean {
    level.fill(-1);
    const queue = new Int32Array(this.nodes);
    let tail = 0;
    queue[tail++] = source;
    level[source] = 0;
    for (let head = 0; head < tail; head++) {
      const u = queue[head] ?? 0;
      for (let e = this.firstEdge[u] ?? -1; e !== -1; e = this.nextEdge[e] ?? -1) {
        const v = this.to[e] ?? 0;
        if ((this.capacity[e] ?? 0) > 0 && level[v] === -1) {
          level[v] = (level[u] ?? 0) + 1;
          queue[tail++] = v;
        }
      }
    }
    return (level[sink] ?? -1) !== -1;
  }

  /** Flow along paths that climb one level an edge, until none is left; nodes found to lead nowhere drop out. */
  private blockingFlow(source: number, sink: number, level: Int32Array): number {
    const cursor = Int32Array.from(this.firstEdge);
    const path: number[] = [];
    let flow = 0;
    let u = source;
    for (;;) {
      if (u === sink) {
        const sent = path.reduce((least, e) => Math.min(least, this.capacity[e] ?? 0), Infinity);
        for (const e of path) {
          this.capacity[e] = (this.capacity[e] ?? 0) - sent;
          this.capacity[e ^ 1] = (this.capacity[e ^ 1] ?? 0) + sent;
        }
        flow += sent;
        // Back to the tail of the first edge the path saturated.
        path.length = path.findIndex((e) => this.capacity[e] === 0);
        u = path.length === 0 ? source : (this.to[path[path.length - 1] ?? 0] ?? 0);
        continue;
      }
      let e = cursor[u] ?? -1;
      while (e !== -1 && !((this.capacity[e] ?? 0) > 0 && level[this.to[e] ?? 0] === (level[u] ?? 0) + 1)) {
        e = this.nextEdge[e] ?? -1;
      }
      cursor[u] = e;
      if (e !== -1) {
        path.push(e);
        u = this.to[e] ?? 0;
      } else if (u === source) {
        return flow;
      } else {
        level[u] = -1;
        const back = path.pop() ?? 0;
        u = this.to[back ^ 1] ?? 0;
        cursor[u] = this.nextEdge[back] ?? -1;
      }
    }
  }
}
