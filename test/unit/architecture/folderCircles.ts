import fs from 'node:fs';
import path from 'node:path';

/** The layers whose folders must not import each other in a circle. */
export const LAYERS = ['domain', 'application', 'adapters', 'config'];

function typescriptFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return typescriptFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The files a file imports by a relative path, from the root (`domain/post/Post.ts`). */
function relativeImports(file: string, root: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"](\.[^'"]*)['"]/gm)].map((m) => m[1]!);
  return specifiers.map((s) => {
    const base = path.resolve(path.dirname(file), s);
    const found = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
    return path.relative(root, found ?? base);
  });
}

/**
 * Every circle between sibling folders, at any depth: an import from a file under folder A to
 * one under its sibling B is an arrow A -> B of their parent; a circle is a strongly connected
 * set of two or more siblings. Each is named `parent: a, b, c` (siblings sorted).
 */
export function folderCircles(root: string): string[] {
  const arrows = new Map<string, Map<string, Set<string>>>();
  for (const file of LAYERS.flatMap((layer) => typescriptFiles(path.join(root, layer)))) {
    const from = path.relative(root, file).split(path.sep);
    for (const target of relativeImports(file, root)) {
      const to = target.split(path.sep);
      let depth = 0;
      while (depth < from.length - 1 && depth < to.length - 1 && from[depth] === to[depth]) depth++;
      // A file directly inside the shared folder is not a folder of it.
      if (depth >= from.length - 1 || depth >= to.length - 1) continue;
      const parent = from.slice(0, depth).join('/') || '.';
      const siblings = arrows.get(parent) ?? new Map<string, Set<string>>();
      arrows.set(parent, siblings);
      const targets = siblings.get(from[depth]!) ?? new Set<string>();
      siblings.set(from[depth]!, targets.add(to[depth]!));
    }
  }
  return [...arrows].flatMap(([parent, graph]) => stronglyConnected(graph).map((set) => `${parent}: ${set.sort().join(', ')}`)).sort();
}

/** Tarjan's strongly connected components of two or more nodes. */
function stronglyConnected(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}
