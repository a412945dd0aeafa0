/** The credential the bridge sends to the service's MCP server as `Authorization: Bearer …`. */
export interface Bearer {
  /** The token to send now (an access token about to expire is renewed first). */
  current(): Promise<string>;
  /** The service answered 401 to `token`: the token to retry with, or an error saying why there is none. */
  rejected(token: string, reason: string): Promise<string>;
}
