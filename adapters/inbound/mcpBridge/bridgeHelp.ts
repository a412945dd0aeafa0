/** `dispatch-mcp help`, on stderr: stdout is the MCP channel (docs/agents.md, "Local agents over stdio"). */
export const bridgeHelp = (command: string): string => `Dispatch's MCP server for a local agent, on stdin and stdout

  ${command} [--url URL]
      speaks MCP on stdio and forwards every request to URL/mcp, with DISPATCH_API_KEY
      when set, else the sign-in stored for URL (its access token renewed as needed)
  ${command} login --client-id ID [--url URL] [--scope "posts:read posts:write ..."]
      signs in by the device flow: open the address shown, approve, and the tokens are
      stored in $XDG_CONFIG_HOME/dispatch/credentials.json (or ~/.config/...), mode 0600
  ${command} logout [--url URL]
      revokes the stored sign-in at the service and removes it

  URL: --url, else DISPATCH_URL, else http://localhost:3000 (the service's BASE_URL)
  ID:  --client-id, else DISPATCH_CLIENT_ID: a client the operator registered with
       \`npm run -s admin -- client register ... --grant device_code --grant refresh_token\`
`;
