import { type IncomingMessage, type ServerResponse } from 'node:http';

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A JSON answer; `headers` may add to or replace the `Content-Type`. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** The OAuth 2.0 error body: `{error, error_description}`. */
export function sendOAuthError(response: ServerResponse, status: number, error: string, description: string) {
  sendJson(response, status, { error, error_description: description });
}
