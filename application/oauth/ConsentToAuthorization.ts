import { type Scope } from '../../domain/credential/Scope';
import { validationError } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type ConsentTickets } from '../ports/oauth/ConsentTickets';
import { type OAuthClientRepository } from '../ports/oauth/OAuthClientRepository';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';
import { type OAuthSettings, secondsFrom } from './OAuthSettings';
import { type AuthorizationRequest } from './StartAuthorization';
import { type WorkspaceChoice, type WorkspaceChoices } from './WorkspaceChoices';

export interface ConsentView {
  readonly ticket: string;
  readonly client: { readonly id: string; readonly name: string };
  /** Where the form's answer goes: the page's CSP lets the form end there. */
  readonly redirectUri: string;
  readonly requestedScopes: readonly Scope[];
  readonly workspaces: readonly WorkspaceChoice[];
}

export type ConsentDecision = { readonly approve: false } | { readonly approve: true; readonly workspaceId: string; readonly scopes: readonly Scope[] };

/** Where finalize sends the browser: the client's redirect URI with these parameters (and `iss`). */
export interface AuthorizationResponse {
  readonly redirectUri: string;
  readonly parameters: Readonly<Record<string, string>>;
}

const GONE = 'This request has already been answered or has expired. Go back to the application and start again.';

/** The consent page's two steps: a single-use ticket for a signed-in person, then their decision (RFC 6749 §4.1.2). */
export class ConsentToAuthorization {
  constructor(
    private readonly tickets: ConsentTickets,
    private readonly grants: TokenGrants,
    private readonly clients: OAuthClientRepository,
    private readonly choices: WorkspaceChoices,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: OAuthSettings,
  ) {}

  async open(userId: string, request: AuthorizationRequest): Promise<ConsentView> {
    const ticket = this.random.token(32);
    await this.tickets.save({
      idHash: this.hasher.hashToken(ticket),
      userId,
      clientId: request.client.clientId,
      redirectUri: request.redirectUri,
      state: request.state,
      codeChallenge: request.codeChallenge,
      resource: request.resource,
      requestedScopes: request.scopes,
      expiresAt: secondsFrom(this.clock.now(), this.settings.consentTtlSeconds),
    });
    return {
      ticket,
      client: { id: request.client.clientId, name: request.client.name },
      redirectUri: request.redirectUri,
      requestedScopes: request.scopes,
      workspaces: await this.choices.offer(userId, request.scopes),
    };
  }

  /** The page again for a ticket finalize put back (a choice to correct); null when it is not this person's to answer. */
  async reopen(userId: string, ticketId: string): Promise<ConsentView | null> {
    const ticket = ticketId === '' ? null : await this.tickets.take(this.hasher.hashToken(ticketId));
    if (ticket === null) return null;
    await this.tickets.save(ticket);
    const client = await this.clients.findById(ticket.clientId);
    if (ticket.userId !== userId || this.clock.now() >= ticket.expiresAt || client === null) return null;
    return {
      ticket: ticketId,
      client: { id: client.clientId, name: client.name },
      redirectUri: ticket.redirectUri,
      requestedScopes: ticket.requestedScopes,
      workspaces: await this.choices.offer(userId, ticket.requestedScopes),
    };
  }

  async finalize(userId: string, ticketId: string, decision: ConsentDecision): Promise<AuthorizationResponse> {
    const now = this.clock.now();
    const ticket = ticketId === '' ? null : await this.tickets.take(this.hasher.hashToken(ticketId));
    if (ticket === null || ticket.userId !== userId || now >= ticket.expiresAt || (await this.clients.findById(ticket.clientId)) === null) {
      throw validationError('consent_expired', [{ path: '', message: GONE }]);
    }
    const answer = (parameters: Record<string, string>): AuthorizationResponse => ({
      redirectUri: ticket.redirectUri,
      parameters: { ...parameters, ...(ticket.state === null ? {} : { state: ticket.state }), iss: this.settings.issuer },
    });
    if (!decision.approve) return answer({ error: 'access_denied', error_description: 'the person denied the request' });
    let scopes: Scope[];
    try {
      scopes = await this.choices.grant(userId, decision.workspaceId, ticket.requestedScopes, decision.scopes);
    } catch (error) {
      await this.tickets.save(ticket); // a choice to correct, not a request to start over
      throw error;
    }
    const code = this.random.token(32);
    await this.grants.saveCode({
      codeHash: this.hasher.hashToken(code),
      grantId: this.ids.next(),
      clientId: ticket.clientId,
      redirectUri: ticket.redirectUri,
      codeChallenge: ticket.codeChallenge,
      resource: ticket.resource,
      userId,
      workspaceId: decision.workspaceId,
      scopes,
      expiresAt: secondsFrom(now, this.settings.codeTtlSeconds),
      consumedAt: null,
    });
    return answer({ code });
  }
}
