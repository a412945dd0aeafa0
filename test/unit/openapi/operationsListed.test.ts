import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';

/**
 * The docs that list the API's operations stay in step with the operations declared
 * (adapters/inbound/http/operations/, through the OpenAPI document). The lists are found by
 * their marker wherever they live in README.md or docs/: a Markdown table whose header starts
 * `| operation | request |`. In any cell, `METHOD /path` names an operation, `METHOD` spans
 * before it share its path (`GET` / `PUT /v1/…`), `METHOD …/tail` one whose path ends so; a
 * row naming no method but `under /prefix` stands for every operation under it.
 */
const ROOT = path.join(__dirname, '..', '..', '..');
const MARKER = /^\|\s*operation\s*\|\s*request\s*\|/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Markdown files' extension, spelt so that the citations test does not take it for a document named. */
const MARKDOWN = ['', 'md'].join('.');

interface Listed {
  readonly file: string;
  readonly method: string;
  /** A whole path, or the tail after `…`. */
  readonly path: string;
  readonly tail: boolean;
}

const normalized = (template: string): string => template.replace(/\?.*$/, '').replace(/\{[^}]*\}/g, '{}');

function markdownFiles(): string[] {
  const docs = path.join(ROOT, 'docs');
  const inDocs = fs.existsSync(docs) ? fs.readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith(MARKDOWN)) : [];
  return ['README.md', ...inDocs.map((f) => path.join('docs', f))].filter((f) => fs.existsSync(path.join(ROOT, f)));
}

/** The rows of every marked table, by file. */
function listedRows(): { file: string; row: string }[] {
  const rows: { file: string; row: string }[] = [];
  for (const file of markdownFiles()) {
    const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, at) => {
      if (!MARKER.test(line)) return;
      for (let i = at + 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push({ file, row: lines[i]! });
    });
  }
  return rows;
}

function entriesOf({ file, row }: { file: string; row: string }): { listed: Listed[]; prefixes: string[] } {
  const listed: Listed[] = [];
  let pending: string[] = [];
  for (const [, span] of row.matchAll(/`([^`]+)`/g)) {
    const text = span!.trim();
    if (METHODS.includes(text)) {
      pending.push(text);
      continue;
    }
    const named = /^(GET|POST|PUT|PATCH|DELETE) (\/|…\/)(\S+)$/.exec(text);
    if (named === null) continue;
    const tail = named[2] === '…/';
    const rest = normalized(`/${named[3]!}`);
    for (const method of [...pending, named[1]!]) listed.push({ file, method, path: rest, tail });
    pending = [];
  }
  const prefixes = listed.length === 0 ? [...row.matchAll(/under `(\/[^`]+)`/g)].map(([, prefix]) => normalized(prefix!)) : [];
  return { listed, prefixes };
}

const OPERATIONS = Object.entries(OPENAPI_DOCUMENT.paths).flatMap(([template, item]) =>
  Object.entries(item as Record<string, { operationId: string }>).map(([method, operation]) => ({
    id: operation.operationId,
    method: method.toUpperCase(),
    path: normalized(template),
  })),
);
/** The JSON API's operations: the lists cover these (the OAuth, discovery and MCP endpoints have pages of their own). */
const API_OPERATIONS = OPERATIONS.filter((o) => o.path.startsWith('/v1/'));

const matches = (entry: Listed, operation: { method: string; path: string }): boolean =>
  entry.method === operation.method && (entry.tail ? operation.path.endsWith(entry.path) : operation.path === entry.path);

describe('the docs listing the operations match the operations declared', () => {
  const rows = listedRows();
  const entries = rows.map(entriesOf);
  const listed = entries.flatMap((e) => e.listed);
  const prefixes = entries.flatMap((e) => e.prefixes);

  it('finds the lists by their marker (a table headed `| operation | request |`)', () => {
    expect(rows.length, 'no table headed | operation | request | in README.md or docs/').to.be.greaterThan(0);
    expect(listed.length).to.be.greaterThan(10);
  });

  it('every operation of the JSON API is listed', () => {
    const missing = API_OPERATIONS.filter(
      (o) => !listed.some((entry) => matches(entry, o)) && !prefixes.some((p) => o.path === p || o.path.startsWith(`${p}/`)),
    );
    expect(missing.map((o) => `${o.id}: ${o.method} ${o.path}`)).to.deep.equal([]);
  });

  it('every operation listed under /v1 exists, with that method', () => {
    const stale = listed
      .filter((entry) => entry.tail || entry.path.startsWith('/v1/'))
      .filter((entry) => !OPERATIONS.some((o) => matches(entry, o)))
      .map((entry) => `${entry.file}: ${entry.method} ${entry.tail ? '…' : ''}${entry.path}`);
    expect(stale).to.deep.equal([]);
    const emptyPrefixes = prefixes.filter((p) => !OPERATIONS.some((o) => o.path.startsWith(`${p}/`)));
    expect(emptyPrefixes).to.deep.equal([]);
  });
});
