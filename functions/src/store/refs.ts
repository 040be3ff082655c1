import { z } from 'zod';
import { partySchema } from '../core/party.js';
import { ticketDocSchema } from '../core/queue.js';
import { roomDocSchema } from '../core/room.js';
import { converter } from './converters.js';
import { db } from './db.js';

export const poolRef = (mode: string) => db.collection('pools').doc(mode);
/** Set to the commit time by every ticket write: the pool mirror follows the tickets changed since its digest. */
export const TICKET_CHANGED_AT = 'changedAt';
export const ticketsRef = (mode: string) =>
  poolRef(mode).collection('tickets').withConverter(converter(ticketDocSchema, TICKET_CHANGED_AT));
export const ticketRef = (mode: string, id: string) => ticketsRef(mode).doc(id);
export const roomsRef = () => db.collection('rooms').withConverter(converter(roomDocSchema));
export const roomRef = (id: string) => roomsRef().doc(id);
export const partyRef = (id: string) => db.collection('parties').doc(id).withConverter(converter(partySchema));

/** `partyCodes/{code}`: the only way from a join code to a party; no client can read it. */
export const partyCodeSchema = z.object({ partyId: z.string(), expiresAt: z.number().int() });
export const partyCodeRef = (code: string) =>
  db.collection('partyCodes').doc(code).withConverter(converter(partyCodeSchema));
