import { z } from 'zod';
import { joinCodeSchema } from '../core/player/party.js';
import { documentIdSchema } from '../core/ids.js';
import * as parties from '../store/party.js';
import { callable } from './callable.js';

const none = z.strictObject({});
const member = z.strictObject({ uid: documentIdSchema });

export const createParty = callable(none, (_input, caller, ctx) => parties.createParty(ctx, caller.uid));

export const joinParty = callable(z.strictObject({ code: joinCodeSchema }), (input, caller, ctx) =>
  parties.joinParty(ctx, caller.uid, input.code),
);

export const leaveParty = callable(none, (_input, caller, ctx) => parties.leaveParty(ctx, caller.uid));

export const kickPartyMember = callable(member, (input, caller, ctx) => parties.kickMember(ctx, caller.uid, input.uid));

export const transferPartyLeadership = callable(member, (input, caller, ctx) =>
  parties.transferLeadership(ctx, caller.uid, input.uid),
);

export const disbandParty = callable(none, (_input, caller, ctx) => parties.disbandParty(ctx, caller.uid));

export const refreshPartyCode = callable(none, (_input, caller, ctx) => parties.refreshPartyCode(ctx, caller.uid));
