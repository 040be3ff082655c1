import { HttpsError } from 'firebase-functions/v2/https';
import { z } from 'zod';
import { documentIdSchema } from '../core/ids.js';
import { reasonSchema } from '../core/ops/audit.js';
import { deleteAccount as erase } from '../store/accounts.js';
import { exportMyData as exportData } from '../store/export.js';
import { callable, ownOrOperators } from './callable.js';

/**
 * Deletes the caller's own account (App Store 5.1.1, GDPR erasure), or, for an operator, the account `uid`
 * names, with a reason. The answer comes back before the caller's ID token stops working.
 */
export const deleteAccount = callable(
  z.strictObject({ uid: documentIdSchema.optional(), reason: reasonSchema.optional() }),
  (input, caller, ctx) => {
    const uid = ownOrOperators(caller, input.uid, 'a player can delete only their own account.');
    if (uid === caller.uid) return erase(ctx, caller.uid, uid, input.reason ?? 'deleted by the player');
    if (!input.reason)
      throw new HttpsError(
        'invalid-argument',
        "Invalid request: reason: an operator deleting another player's account must say why.",
      );
    return erase(ctx, caller.uid, uid, input.reason);
  },
);

/** Everything stored about the caller, as one JSON document (GDPR access and portability). */
export const exportMyData = callable(z.strictObject({}), (_input, caller, ctx) => exportData(ctx, caller.uid));
