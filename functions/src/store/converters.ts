import { FieldValue, type FirestoreDataConverter } from 'firebase-admin/firestore';
import type { z } from 'zod';

/**
 * Documents are parsed by the same zod schema that defines their type, so a malformed one fails loudly. With
 * `stamp`, every write also sets that field to the commit time, so a reader can ask for the documents changed
 * since a moment it knows the state at; readers never see the stamp, as the schema drops it.
 */
export function converter<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  stamp?: string,
): FirestoreDataConverter<z.infer<S>> {
  return {
    toFirestore: (value) => {
      const data = schema.parse(value) as Record<string, unknown>;
      return stamp ? { ...data, [stamp]: FieldValue.serverTimestamp() } : data;
    },
    fromFirestore: (snapshot) => schema.parse(snapshot.data()),
  };
}
