import { FieldValue, type FirestoreDataConverter } from 'firebase-admin/firestore';
import type { z } from 'zod';

/** Documents are parsed by the same zod schema that defines their type, so a malformed one fails loudly. */
export function converter<S extends z.ZodType<Record<string, unknown>>>(schema: S): FirestoreDataConverter<z.infer<S>> {
  return {
    toFirestore: (value) => schema.parse(value) as Record<string, unknown>,
    fromFirestore: (snapshot) => schema.parse(snapshot.data()),
  };
}

/**
 * A `converter` whose every write also stamps `field` with the commit time, so a reader can ask for the
 * documents changed since a moment it knows the state at. Readers never see the stamp: the schema drops it.
 */
export function stampingConverter<S extends z.ZodType<Record<string, unknown>>>(schema: S, field: string): FirestoreDataConverter<z.infer<S>> {
  return {
    toFirestore: (value) => ({ ...(schema.parse(value) as Record<string, unknown>), [field]: FieldValue.serverTimestamp() }),
    fromFirestore: (snapshot) => schema.parse(snapshot.data()),
  };
}
