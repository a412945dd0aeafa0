import { type ManageClients } from '../../../application/oauth/ManageClients';
import { type AuthenticateClient } from '../../../application/oauth/AuthenticateClient';
import { type TokenIssuer } from '../../../application/oauth/TokenIssuer';
import { type LiveScopes } from '../../../application/oauth/LiveScopes';
import { type WorkspaceChoices } from '../../../application/oauth/WorkspaceChoices';
import { type StartDeviceAuthorization } from '../../../application/oauth/StartDeviceAuthorization';
import { type DeviceApproval } from '../../../application/oauth/DeviceApproval';
import { type RedeemDeviceCode } from '../../../application/oauth/RedeemDeviceCode';
import { type RedeemAuthorizationCode } from '../../../application/oauth/RedeemAuthorizationCode';
import { type RefreshAccessToken } from '../../../application/oauth/RefreshAccessToken';
import { type ExchangeToken } from '../../../application/oauth/ExchangeToken';
import { type StartAuthorization } from '../../../application/oauth/StartAuthorization';
import { type ConsentToAuthorization } from '../../../application/oauth/ConsentToAuthorization';
import { type VerifyAccessToken } from '../../../application/oauth/VerifyAccessToken';
import { type RevokeToken } from '../../../application/oauth/RevokeToken';
import { type IntrospectToken } from '../../../application/oauth/IntrospectToken';
import { type SweepAuthorizations } from '../../../application/oauth/SweepAuthorizations';
import { type OAuthSettings } from '../../../application/oauth/OAuthSettings';
import { type SignIn } from '../../../application/auth/SignIn';
import { type BrowserSessions } from '../../../application/auth/BrowserSessions';
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
