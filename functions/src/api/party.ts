import { z } from 'zod';
import { joinCodeSchema } from '../core/player/party.js';
import { documentIdSchema } from '../core/ids.js';
import * as parties from '../store/party.js';
import { callable } from './callable.js';

const none = z.strictObject({});
const member = z.strictObject({ uid: documentIdSchema });

export const createParty = callable(none, (_input, caller) => parties.createParty(caller.uid));

export const joinParty = callable(z.strictObject({ code: joinCodeSchema }), (input, caller) =>
  parties.joinParty(caller.uid, input.code),
);

export const leaveParty = callable(none, (_input, caller) => parties.leaveParty(caller.uid));

export const kickPartyMember = callable(member, (input, caller) => parties.kickMember(caller.uid, input.uid));

export const transferPartyLeadership = callable(member, (input, caller) =>
  parties.transferLeadership(caller.uid, input.uid),
);

export const disbandParty = callable(none, (_input, caller) => parties.disbandParty(caller.uid));

export const refreshPartyCode = callable(none, (_input, caller) => parties.refreshPartyCode(caller.uid));
