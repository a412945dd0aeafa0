import { type ConnectState, type ConnectStates } from '../../../../application/ports/platforms/ConnectStates';

/** Authorizations in flight in this process's memory: for the unit tests. */
export class MemoryConnectStates implements ConnectStates {
  private readonly states = new Map<string, ConnectState>();

  async save(state: ConnectState): Promise<void> {
    this.states.set(state.stateHash, { ...state });
  }

  async take(stateHash: string): Promise<ConnectState | null> {
    const state = this.states.get(stateHash) ?? null;
    this.states.delete(stateHash);
    return state;
  }
}
