import { type DocumentReference, type Firestore, Timestamp } from 'firebase-admin/firestore';

/** Every document of a database as `{ path: data }`, timestamps as `{ __timestamp: ms }`, in path order. */
export async function dumpDatabase(db: Firestore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const visit = async (refs: { listDocuments(): Promise<DocumentReference[]> }[]) => {
    for (const collection of refs) {
      for (const ref of await collection.listDocuments()) {
        const snap = await ref.get();
        if (snap.exists) out[ref.path] = encode(snap.data());
        await visit(await ref.listCollections());
      }
    }
  };
  await visit(await db.listCollections());
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** Writes a dump back, as the release that wrote it left it (no converter touches it). */
export async function loadDatabase(db: Firestore, dump: Record<string, unknown>): Promise<void> {
  const batch = db.batch();
  for (const [path, data] of Object.entries(dump)) batch.set(db.doc(path), decode(data) as Record<string, unknown>);
  await batch.commit();
}

const encode = (value: unknown): unknown => {
  if (value instanceof Timestamp) return { __timestamp: value.toMillis() };
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
};

const decode = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    const { __timestamp } = value as { __timestamp?: number };
    if (typeof __timestamp === 'number') return Timestamp.fromMillis(__timestamp);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
};
