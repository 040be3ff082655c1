import { FieldValue, type FirestoreDataConverter } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { type DocumentHistory, SCHEMA_VERSION, upgradeDocument } from '../../core/schemaVersion.js';

/**
 * Documents are parsed by the same zod schema that defines their type, so a malformed one fails loudly. With
 * `stamp`, every write also sets that field to the commit time, so a reader can ask for the documents changed
 * since a moment it knows the state at; readers never see the stamp, as the schema drops it. With `derive`,
 * every write also sets the fields it computes from the document, for queries only (readers never see them either).
 */
export function converter<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  stamp?: string,
  derive?: (value: z.infer<S>) => Record<string, unknown>,
): FirestoreDataConverter<z.infer<S>> {
  return {
    toFirestore: (value) => {
      const parsed = schema.parse(value) as z.infer<S>;
      const data = derive ? { ...parsed, ...derive(parsed) } : (parsed as Record<string, unknown>);
      return stamp ? { ...data, [stamp]: FieldValue.serverTimestamp() } : data;
    },
    fromFirestore: (snapshot) => schema.parse(snapshot.data()),
  };
}

/**
 * The converter of a document that outlives releases: every write carries this release's `schemaVersion`, and a
 * document an earlier release wrote is migrated to this release's shape before it is parsed. `derive` as above.
 */
export function versionedConverter<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  history: DocumentHistory,
  derive?: (value: z.infer<S>) => Record<string, unknown>,
): FirestoreDataConverter<z.infer<S>> {
  return {
    toFirestore: (value) => {
      const parsed = schema.parse(value) as z.infer<S>;
      return { ...parsed, ...derive?.(parsed), [SCHEMA_VERSION]: history.current };
    },
    fromFirestore: (snapshot) => schema.parse(upgradeDocument(snapshot.data(), history)),
  };
}
