import { z } from 'zod';

/** A UTF-16 surrogate without its pair: not a character, so no valid UTF-8, which Firestore refuses in an id. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * An id a client sends that the server uses in a Firestore path (a room, a player, a pool, a ladder, a season).
 * Firestore refuses ids with "/", "." and "..", ids over 1,500 bytes and ones that are not valid UTF-8, and
 * reserves ids of the form __name__; left unchecked, such an id fails deep inside a transaction as an internal
 * error instead of a refusal naming the field. `maxChars` (at most 128, so at most 512 bytes) bounds it further.
 */
export const idSchema = (maxChars = 128) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(maxChars, `must be at most ${maxChars} characters`)
    .refine((id) => !id.includes('/'), 'must not contain "/"')
    .refine((id) => id !== '.' && id !== '..', 'must not be "." or ".."')
    .refine((id) => !/^__.*__$/.test(id), 'must not have the reserved form __name__')
    .refine((id) => !LONE_SURROGATE.test(id), 'must be valid Unicode (no unpaired surrogate)');

/** A document id of up to 128 characters: room, ticket and party ids, uids. */
export const documentIdSchema = idSchema();

/**
 * What a configured record (modes, ladders, a mode's regions) holds under an id, or undefined. Own keys only: an
 * id such as `__proto__` or `toString` is a valid document id, and plain indexing would find what every object
 * inherits.
 */
export const configured = <V>(record: Readonly<Record<string, V>>, id: string): V | undefined =>
  Object.hasOwn(record, id) ? record[id] : undefined;
