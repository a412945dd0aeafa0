/**
 * Why the bridge has no credential to send (docs/agents.md, "Local agents over stdio"). Each
 * carries what its message needs; the command line words it, naming the command to run.
 */
export class NotSignedIn extends Error {
  constructor(readonly baseUrl: string) {
    super(`not signed in to ${baseUrl}`);
    this.name = 'NotSignedIn';
  }
}

/** The refresh token was refused (spent, revoked, idle too long, the grant's lifetime over): only a new sign-in helps. */
export class SignInEnded extends Error {
  constructor(
    readonly baseUrl: string,
    readonly clientId: string,
    readonly reason: string,
  ) {
    super(`the sign-in to ${baseUrl} has ended (${reason})`);
    this.name = 'SignInEnded';
  }
}

/** The service refused the API key the bridge was given. */
export class ApiKeyRefused extends Error {
  constructor(
    readonly baseUrl: string,
    readonly reason: string,
  ) {
    super(`${baseUrl} refused the API key (${reason})`);
    this.name = 'ApiKeyRefused';
  }
}
