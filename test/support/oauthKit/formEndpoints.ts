import { expect } from 'chai';
import { type TokenAnswer } from '../../../application/oauth/TokenIssuer';
import { TOKENS } from '../../../config/tokens';
import { type Scope } from '../../../domain/credential/Scope';
import { type OAuthService } from './service';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** The agent of the form-level tests: a public client of the device flow. */
export const AGENT_ID = 'agent-cli';
export const AGENT_SCOPES: readonly Scope[] = ['posts:read', 'posts:write', 'accounts:read', 'accounts:write', 'apikeys:write', 'stats:read'];

/**
 * The OAuth endpoints by plain form posts, answers read raw (status, headers, body), for one
 * client unless a call names another: the device flow, refresh, revocation, introspection.
 */
export class FormEndpoints {
  constructor(
    private readonly service: OAuthService,
    private readonly clientId: string,
  ) {}

  /** The endpoints for the agent (AGENT_ID), registered first. */
  static async forAgent(service: OAuthService): Promise<FormEndpoints> {
    const endpoints = new FormEndpoints(service, AGENT_ID);
    await endpoints.registerClient(AGENT_ID);
    return endpoints;
  }

  /** Another client of the device flow and refresh, with the agent's scopes unless told. */
  registerClient(clientId: string, options: { confidential?: boolean; scopes?: readonly Scope[] } = {}): Promise<string | null> {
    return this.service.registerClient(clientId, { scopes: options.scopes ?? AGENT_SCOPES, confidential: options.confidential });
  }

  /** POST /oauth/device/authorize: the device code to poll with and the user code to approve. */
  async startDevice(scope?: string, clientId = this.clientId): Promise<{ device_code: string; user_code: string; verification_uri_complete: string }> {
    const res = await this.service.form
      .post('/oauth/device/authorize')
      .type('form')
      .send({ client_id: clientId, ...(scope === undefined ? {} : { scope }) });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  /** The person's approval, through the approval page's use case. */
  approve(userId: string, userCode: string, workspaceId: string, scopes: readonly Scope[]): Promise<unknown> {
    return this.service.t.composition.get(TOKENS.DeviceApproval).decide(userId, userCode, { approve: true, workspaceId, scopes: [...scopes] });
  }

  poll(deviceCode: string, clientId = this.clientId) {
    return this.service.form.post('/oauth/token').type('form').send({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId });
  }

  refresh(refreshToken: string, clientId = this.clientId) {
    return this.service.form.post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
  }

  revoke(token: string, clientId = this.clientId) {
    return this.service.form.post('/oauth/revoke').type('form').send({ token, client_id: clientId });
  }

  introspect(token: string, clientId = this.clientId) {
    return this.service.form.post('/oauth/introspect').type('form').send({ token, client_id: clientId });
  }

  /** A real token by the device flow: started and polled over HTTP, approved for one workspace through the use case. */
  async deviceToken(userId: string, workspaceId: string, scopes: readonly Scope[]): Promise<TokenAnswer & { refresh_token: string }> {
    const started = await this.startDevice(scopes.join(' '));
    await this.approve(userId, started.user_code, workspaceId, scopes);
    const res = await this.poll(started.device_code);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }
}
