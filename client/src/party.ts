import type { LadderError } from './errors.js';
import { requireDocs, type Services } from './services.js';
import type { Party, PlayerState, Unsubscribe } from './types.js';

/** Party operations; the leader queues for the whole party, any member may cancel its ticket. */
export class PartyApi {
  constructor(
    private readonly services: Services,
    private readonly uid: () => string,
    /** Registers a subscription with its Ladder, so `Ladder.close` ends it too. */
    private readonly track: (unsubscribe: Unsubscribe) => Unsubscribe = (unsubscribe) => unsubscribe,
  ) {}

  async create(): Promise<Party> {
    return (await this.services.call('createParty', {})).party;
  }

  /** Joins by the leader's code (6 characters; case, spaces and dashes do not matter). */
  async join(code: string): Promise<Party> {
    return (await this.services.call('joinParty', { code })).party;
  }

  /** Leaves; returns the party without the caller, or null when nobody is left. */
  async leave(): Promise<Party | null> {
    return (await this.services.call('leaveParty', {})).party;
  }

  async kick(uid: string): Promise<Party> {
    return (await this.services.call('kickPartyMember', { uid })).party;
  }

  async transferLeadership(uid: string): Promise<Party> {
    return (await this.services.call('transferPartyLeadership', { uid })).party;
  }

  async disband(): Promise<void> {
    await this.services.call('disbandParty', {});
  }

  async refreshCode(): Promise<Party> {
    return (await this.services.call('refreshPartyCode', {})).party;
  }

  /** The player's party as it changes (members, leader, code), or null while they are in none. */
  onChange(listener: (party: Party | null) => void, onError: (error: LadderError) => void = () => {}): Unsubscribe {
    const docs = requireDocs(this.services, 'party.onChange');
    let partyId: string | null | undefined;
    let stopParty: Unsubscribe = () => {};
    let last: string | undefined;
    const emit = (party: Party | null) => {
      const serialised = JSON.stringify(party);
      if (serialised === last) return;
      last = serialised;
      listener(party);
    };
    const stopState = docs.listen<PlayerState>(
      `playerStates/${this.uid()}`,
      (state) => {
        const next = state?.partyId ?? null;
        if (next === partyId) return;
        partyId = next;
        stopParty();
        stopParty = () => {};
        if (!next) return emit(null);
        stopParty = docs.listen<Party>(
          `parties/${next}`,
          (party) => emit(party ?? null),
          (error) => {
            // Only members may read a party: losing access means the player left or was removed, which their
            // state document is about to say too.
            if (error.code === 'permission-denied') emit(null);
            else onError(error);
          },
          { retry: (error) => error.code !== 'permission-denied' },
        );
      },
      onError,
    );
    return this.track(() => {
      stopState();
      stopParty();
    });
  }
}
