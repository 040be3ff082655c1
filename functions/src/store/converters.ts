import type { FirestoreDataConverter } from 'firebase-admin/firestore';
import type { z } from 'zod';

/** Documents are parsed by the same zod schema that defines their type, so a malformed one fails loudly. */
export function converter<S extends z.ZodType<Record<string, unknown>>>(schema: S): FirestoreDataConverter<z.infer<S>> {
  return {
    toFirestore: (value) => schema.parse(value) as Record<string, unknown>,
    fromFirestore: (snapshot) => schema.parse(snapshot.data()),
  };
}
