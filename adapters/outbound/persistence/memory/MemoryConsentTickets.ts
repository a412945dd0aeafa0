import { type ConsentTicket, type ConsentTickets } from '../../../../application/ports/oauth/ConsentTickets';
import { type ClientHoldings } from './MemoryOAuthClients';
import { copyOf } from './ordering';

/** Consent tickets in this process's memory: for the unit tests. */
export class MemoryConsentTickets implements ConsentTickets, ClientHoldings {
  private readonly tickets = new Map<string, ConsentTicket>();

  async save(ticket: ConsentTicket): Promise<void> {
    this.tickets.set(ticket.idHash, copyOf(ticket));
  }

  async take(idHash: string): Promise<ConsentTicket | null> {
    const ticket = this.tickets.get(idHash) ?? null;
    this.tickets.delete(idHash);
    return ticket;
  }

  async sweep(before: Date): Promise<number> {
    let removed = 0;
    for (const [id, ticket] of this.tickets) if (ticket.expiresAt < before && this.tickets.delete(id)) removed++;
    return removed;
  }

  forgetClient(clientId: string): void {
    for (const [id, ticket] of this.tickets) if (ticket.clientId === clientId) this.tickets.delete(id);
  }
}
