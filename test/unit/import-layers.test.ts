import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * eslint.config.js keeps server/'s imports pointing down its layers, matching how each import is
 * spelled, one file at a time. What those patterns cannot see is checked here, over every import
 * of server/ read with the TypeScript parser and resolved to its folder (type-only imports
 * included: a type cycle ties two folders together as surely as a value one):
 * - no cycle between folders; eslint allows imports within a layer, so it cannot see one there;
 * - every folder is in a layer (no import of it escapes the rules), and every import points down;
 * - every known violation listed in eslint.config.js is still one, so that list only shrinks.
 */

const ROOT = join(import.meta.dirname, '../..');

interface LayerRow {
  layer: string;
  folders: readonly string[];
}
interface KnownViolation {
  file: string;
  imports: readonly string[];
}
/** One import that leaves its folder: `file` (in folder `from`) imports a module of folder `to`. */
interface Edge {
  file: string;
  from: string;
  to: string;
}

let layers: readonly LayerRow[] = [];
let known: readonly KnownViolation[] = [];
let edges: readonly Edge[] = [];

beforeAll(async () => {
  // The one list of layers and exceptions is the lint config's; a non-literal import keeps it untyped.
  const config = (await import(pathToFileURL(join(ROOT, 'eslint.config.js')).href)) as {
    SERVER_LAYERS: LayerRow[];
    SERVER_KNOWN_VIOLATIONS: KnownViolation[];
  };
  layers = config.SERVER_LAYERS;
  known = config.SERVER_KNOWN_VIOLATIONS;
  edges = serverEdges();
});

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The folder (a layer table entry) a module of server/ belongs to; `server/app` is `app.ts`. */
function folderOf(module: string): string {
  const rel = module.replace(/^server\//, '').replace(/\.ts$/, '');
  if (!rel.includes('/') && !existsSync(join(ROOT, 'server', rel))) return `${rel}.ts`;
  const rows = layers.flatMap((row) => row.folders).filter((f) => rel === f || rel.startsWith(`${f}/`));
  return rows.sort((a, b) => b.length - a.length)[0] ?? rel.split('/')[0]!;
}

function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function serverEdges(): Edge[] {
  return sourceFiles('server').flatMap((file) =>
    specifiers(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => posix.join(dirname(file), spec))
      .filter((module) => module.startsWith('server/'))
      .map((module) => ({ file, from: folderOf(file), to: folderOf(module) }))
      .filter((edge) => edge.from !== edge.to),
  );
}

const rowOf = (folder: string): number => layers.findIndex((row) => row.folders.includes(folder));
const isKnown = (edge: Edge): boolean => known.some((v) => v.file === edge.file && v.imports.includes(edge.to));

/** Folders that import each other, directly or round a loop (Tarjan's strongly connected components). */
function cycles(graph: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of graph) next.set(from, (next.get(from) ?? new Set()).add(to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe("server/'s import layers", () => {
  it('has no cycle between folders', () => {
    const kept = edges.filter((edge) => !isKnown(edge));
    const explained = cycles(kept).map(
      (members) =>
        `${members.join(' <-> ')}: ${[
          ...new Set(
            kept.filter((e) => members.includes(e.from) && members.includes(e.to)).map((e) => `${e.file} -> ${e.to}`),
          ),
        ].join(', ')}`,
    );
    expect(explained).toEqual([]);
  });

  it('puts every folder in a layer, and every import points down it (read by resolved path, not by spelling)', () => {
    const folders = new Set(sourceFiles('server').map(folderOf));
    expect([...folders].filter((folder) => rowOf(folder) < 0)).toEqual([]);
    const upwards = edges.filter((edge) => rowOf(edge.to) > rowOf(edge.from) && !isKnown(edge));
    expect([...new Set(upwards.map((e) => `${e.file} -> ${e.to}`))]).toEqual([]);
  });

  it('still needs every known violation listed in eslint.config.js', () => {
    const gone = known.flatMap((v) =>
      v.imports
        .filter((to) => !edges.some((e) => e.file === v.file && e.to === to) || rowOf(to) <= rowOf(folderOf(v.file)))
        .map((to) => `${v.file} -> ${to}: no longer an upward import; remove it from SERVER_KNOWN_VIOLATIONS`),
    );
    expect(gone).toEqual([]);
  });
});
