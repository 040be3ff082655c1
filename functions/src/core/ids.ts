import { z } from 'zod';

/**
 * An id a client sends that the server uses as a Firestore document id (a room, a player). Firestore refuses
 * ids with "/", "." and "..", and reserves ids of the form __name__; left unchecked, such an id fails deep
 * inside a transaction as an internal error instead of a refusal naming the field.
 */
export const documentIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(128, 'must be at most 128 characters')
  .refine((id) => !id.includes('/'), 'must not contain "/"')
  .refine((id) => id !== '.' && id !== '..', 'must not be "." or ".."')
  .refine((id) => !/^__.*__$/.test(id), 'must not have the reserved form __name__');
