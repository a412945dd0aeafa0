import { BrowserSessions } from '../../../application/auth/BrowserSessions';
import { SignIn } from '../../../application/auth/SignIn';
import { AuthenticateClient } from '../../../application/oauth/AuthenticateClient';
import { ConsentToAuthorization } from '../../../application/oauth/ConsentToAuthorization';
import { DeviceApproval } from '../../../application/oauth/DeviceApproval';
import { ExchangeToken } from '../../../application/oauth/ExchangeToken';
import { IntrospectToken } from '../../../application/oauth/IntrospectToken';
import { LiveScopes } from '../../../application/oauth/LiveScopes';
import { ManageClients } from '../../../application/oauth/ManageClients';
import { RedeemAuthorizationCode } from '../../../application/oauth/RedeemAuthorizationCode';
import { RedeemDeviceCode } from '../../../application/oauth/RedeemDeviceCode';
import { RefreshAccessToken } from '../../../application/oauth/RefreshAccessToken';
import { RevokeToken } from '../../../application/oauth/RevokeToken';
import { StartAuthorization } from '../../../application/oauth/StartAuthorization';
import { StartDeviceAuthorization } from '../../../application/oauth/StartDeviceAuthorization';
import { SweepAuthorizations } from '../../../application/oauth/SweepAuthorizations';
import { TokenIssuer } from '../../../application/oauth/TokenIssuer';
import { VerifyAccessToken } from '../../../application/oauth/VerifyAccessToken';
import { WorkspaceChoices } from '../../../application/oauth/WorkspaceChoices';
import { type Capability, type CapabilityContext } from '../Capability';
import { type OAuthSettings } from '../../../application/oauth/OAuthSettings';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** The authorization server and signing in (docs/decisions.md, "OAuth server", "Signing in"): settings and use cases. */
export const OAUTH_TOKENS = {
  /** The operator's OAuth clients (`client register | list | remove`). */
  ManageClients: token<ManageClients>('ManageClients'),
  AuthenticateClient: token<AuthenticateClient>('AuthenticateClient'),
  TokenIssuer: token<TokenIssuer>('TokenIssuer'),
  LiveScopes: token<LiveScopes>('LiveScopes'),
  WorkspaceChoices: token<WorkspaceChoices>('WorkspaceChoices'),
  StartDeviceAuthorization: token<StartDeviceAuthorization>('StartDeviceAuthorization'),
  DeviceApproval: token<DeviceApproval>('DeviceApproval'),
  RedeemDeviceCode: token<RedeemDeviceCode>('RedeemDeviceCode'),
  RedeemAuthorizationCode: token<RedeemAuthorizationCode>('RedeemAuthorizationCode'),
  RefreshAccessToken: token<RefreshAccessToken>('RefreshAccessToken'),
  ExchangeToken: token<ExchangeToken>('ExchangeToken'),
  StartAuthorization: token<StartAuthorization>('StartAuthorization'),
  ConsentToAuthorization: token<ConsentToAuthorization>('ConsentToAuthorization'),
  VerifyAccessToken: token<VerifyAccessToken>('VerifyAccessToken'),
  RevokeToken: token<RevokeToken>('RevokeToken'),
  IntrospectToken: token<IntrospectToken>('IntrospectToken'),
  SweepAuthorizations: token<SweepAuthorizations>('SweepAuthorizations'),
  OAuthSettings: token<OAuthSettings>('OAuthSettings'),
  SignIn: token<SignIn>('SignIn'),
  BrowserSessions: token<BrowserSessions>('BrowserSessions'),
};

const T = { ...CORE_TOKENS, ...OAUTH_TOKENS };

/**
 * The authorization server and sign-in (docs/decisions.md, "OAuth server", "Signing in"). Its
 * stores are still bound with the other repositories (the in-memory clients share the grants,
 * device authorizations and consent tickets); its endpoints and pages are config/oauthRoutes.ts.
 */
function bindOAuth({ wiring: w, config }: CapabilityContext): void {
  const settings = config.oauth;
  w.value(T.OAuthSettings, settings);
  w.construct(T.AuthenticateClient, AuthenticateClient, [T.OAuthClientRepository, T.SecretHasher]);
  w.construct(T.ManageClients, ManageClients, [T.OAuthClientRepository, T.SecretHasher, T.RandomSource, T.Clock]);
  w.construct(T.TokenIssuer, TokenIssuer, [T.AccessTokens, T.TokenGrants, T.RandomSource, T.SecretHasher, T.Clock, T.OAuthSettings]);
  w.construct(T.LiveScopes, LiveScopes, [T.MembershipRepository]);
  w.construct(T.WorkspaceChoices, WorkspaceChoices, [T.MembershipRepository, T.WorkspaceRepository]);
  w.construct(T.StartDeviceAuthorization, StartDeviceAuthorization, [
    T.AuthenticateClient,
    T.DeviceAuthorizations,
    T.RandomSource,
    T.SecretHasher,
    T.IdGenerator,
    T.Clock,
    T.OAuthSettings,
  ]);
  w.construct(T.DeviceApproval, DeviceApproval, [
    T.DeviceAuthorizations,
    T.OAuthClientRepository,
    T.WorkspaceChoices,
    T.RateLimitStore,
    T.SecretHasher,
    T.IdGenerator,
    T.Clock,
  ]);
  w.construct(T.RedeemDeviceCode, RedeemDeviceCode, [
    T.DeviceAuthorizations,
    T.TokenGrants,
    T.TokenIssuer,
    T.LiveScopes,
    T.SecretHasher,
    T.Clock,
    T.OAuthSettings,
  ]);
  w.construct(T.RedeemAuthorizationCode, RedeemAuthorizationCode, [
    T.TokenGrants,
    T.TokenIssuer,
    T.LiveScopes,
    T.PkceChallenges,
    T.SecretHasher,
    T.Clock,
    T.OAuthSettings,
  ]);
  w.build(
    T.RefreshAccessToken,
    [T.TokenGrants, T.TokenIssuer, T.LiveScopes, T.SecretHasher, T.Clock],
    (grants, issuer, live, hasher, clock) => new RefreshAccessToken(grants, issuer, live, hasher, clock, settings),
  );
  w.construct(T.ExchangeToken, ExchangeToken, [T.AuthenticateClient, T.RedeemAuthorizationCode, T.RedeemDeviceCode, T.RefreshAccessToken]);
  w.build(T.StartAuthorization, [T.OAuthClientRepository], (clients) => new StartAuthorization(clients, settings));
  w.construct(T.ConsentToAuthorization, ConsentToAuthorization, [
    T.ConsentTickets,
    T.TokenGrants,
    T.OAuthClientRepository,
    T.WorkspaceChoices,
    T.RandomSource,
    T.SecretHasher,
    T.IdGenerator,
    T.Clock,
    T.OAuthSettings,
  ]);
  w.build(
    T.VerifyAccessToken,
    [T.AccessTokens, T.TokenGrants, T.Clock, T.Logger],
    (tokens, grants, clock, logger) => new VerifyAccessToken(tokens, grants, clock, settings.resource, logger),
  );
  w.build(T.AccessTokenVerifier, [T.VerifyAccessToken], (verify) => verify);
  w.construct(T.RevokeToken, RevokeToken, [T.AuthenticateClient, T.TokenGrants, T.AccessTokens, T.SecretHasher, T.Clock]);
  w.build(
    T.IntrospectToken,
    [T.AuthenticateClient, T.AccessTokens, T.TokenGrants, T.SecretHasher, T.Clock],
    (auth, tokens, grants, hasher, clock) => new IntrospectToken(auth, tokens, grants, hasher, clock, settings.issuer),
  );
  w.build(
    T.SignIn,
    [T.UserRepository, T.SessionStore, T.SecretHasher, T.RateLimitStore, T.RandomSource, T.IdGenerator, T.Clock],
    (users, sessions, hasher, attempts, random, ids, clock) => new SignIn(users, sessions, hasher, attempts, random, ids, clock, config.sessions.ttlSeconds),
  );
  w.construct(T.BrowserSessions, BrowserSessions, [T.SessionStore, T.SecretHasher, T.Clock]);
  w.construct(T.SweepAuthorizations, SweepAuthorizations, [T.TokenGrants, T.DeviceAuthorizations, T.ConsentTickets, T.SessionStore, T.Clock, T.OAuthSettings]);
}

export const OAUTH: Capability = { name: 'oauth', bind: bindOAuth };
