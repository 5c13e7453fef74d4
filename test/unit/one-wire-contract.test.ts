import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * "One wire contract": whatever crosses HTTP, SSE, postMessage or IPC is declared in contract/ and
 * imported everywhere else. This reads the sources with the TypeScript parser and fails on a copy:
 * a type, interface or constant outside contract/ named like one the contract exports, or a
 * string-literal union (or list) written out by hand with exactly the values of a contract enum, or
 * an interface or object type with exactly the fields of a contract shape.
 * Importing and re-exporting are fine: they declare nothing.
 */

const ROOT = join(import.meta.dirname, '../..');
/** Code that speaks the wire: each may import the contract, none may copy it. */
const CONSUMERS = ['server', 'renderer', 'checkout', 'widget/src', 'preload', 'main'];
/** The API reference's examples are data, not enums. */
const NOT_ENUMS = new Set(['contract/payment-examples.ts']);

/**
 * The widget package's public types. Its .d.ts files are generated file by file and must stand
 * alone, so these are written out in the package and pinned to the contract, type for type, by
 * test/unit/widget-public-types.test.ts.
 */
const PUBLISHED_MIRRORS: Record<string, readonly string[]> = {
  'widget/src/types.ts': ['PaymentStatus', 'WidgetEventType', 'WidgetMode', 'ButtonColor'],
};
const MIRROR_PINS = 'test/unit/widget-public-types.test.ts';

/**
 * Not copies: what the server stores, with the field names of the view a route presents it as
 * but domain values (unix ms where the wire has ISO strings).
 */
const SERVER_RECORDS = [
  'server/storage/access-repositories.ts: repeats the fields of contract/ ApiKeySchema (createdAt, id, lastUsedAt, name, prefix, revokedAt)',
  'server/payment-pages/refused-origins.ts: repeats the fields of contract/ RefusedOriginViewSchema (firstSeenAt, lastSeenAt, origin)',
  'server/chain/failover-source.ts: repeats the fields of contract/ list (lastError, name, since, state)',
  'server/storage/access-repositories.ts: repeats the fields of contract/ CashierViewSchema (createdAt, hasPassphrase, id, lastSignInAt, name, revokedAt)',
  'server/storage/audit-repositories.ts: repeats the fields of contract/ AuditEntryViewSchema (action, actor, at, detail, seq, target)',
];
const ACCEPTED = new Set(SERVER_RECORDS);

type Finding = string;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function parse(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true, kind);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

const isAsConst = (node: ts.Node): boolean =>
  ts.isAsExpression(node) && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';

/**
 * The string values of a union, a list or an `as const` object made only of string literals (two or
 * more). A list may spread another by name when `lists` knows it (the contract's SUBSCRIBABLE_EVENTS).
 */
function literalSet(node: ts.Node, lists: ReadonlyMap<string, string[]> = new Map()): string[] | null {
  let values: Array<string | null> = [];
  if (ts.isUnionTypeNode(node)) {
    values = node.types.map((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : null));
  } else if (ts.isArrayLiteralExpression(node)) {
    values = node.elements.flatMap((e) => {
      if (ts.isSpreadElement(e) && ts.isIdentifier(e.expression)) return lists.get(e.expression.text) ?? [null];
      return [ts.isStringLiteral(e) ? e.text : null];
    });
  } else if (ts.isObjectLiteralExpression(node) && isAsConst(node.parent)) {
    values = node.properties.map((p) =>
      ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer) ? p.initializer.text : null,
    );
  } else {
    return null;
  }
  if (values.length < 2 || values.includes(null)) return null;
  return [...new Set(values as string[])].sort();
}

/** The name a literal is declared under (`const X = [...] as const`, `type X = 'a' | 'b'`), if any. */
function declaredName(node: ts.Node): string | undefined {
  let parent = node.parent;
  while (
    parent &&
    (ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent) || ts.isParenthesizedExpression(parent))
  )
    parent = parent.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isTypeAliasDeclaration(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return undefined;
}

/**
 * The field names of an object shape written out in full (no spreads): an interface, a type literal
 * or a z.object({...}). Three fields at least: two-field pairs ({ items, nextCursor }) are too common to mean a copy.
 */
function fieldSet(node: ts.Node): string[] | null {
  let members: readonly ts.Node[];
  if (ts.isInterfaceDeclaration(node) && !node.heritageClauses) members = node.members;
  else if (ts.isTypeLiteralNode(node)) members = node.members;
  else if (ts.isObjectLiteralExpression(node) && isZodObjectShape(node)) members = node.properties;
  else return null;
  const names = members.map((m) =>
    (ts.isPropertySignature(m) || ts.isPropertyAssignment(m) || ts.isShorthandPropertyAssignment(m)) &&
    ts.isIdentifier(m.name)
      ? m.name.text
      : null,
  );
  if (names.length < 3 || names.includes(null)) return null;
  return [...new Set(names as string[])].sort();
}

/** `z.object({…})`, however the call is laid out over lines (`z\n  .object(`). */
const isZodObjectShape = (node: ts.ObjectLiteralExpression): boolean => {
  const callee = ts.isCallExpression(node.parent) ? node.parent.expression : undefined;
  return (
    callee !== undefined &&
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'z' &&
    ['object', 'strictObject', 'looseObject'].includes(callee.name.text)
  );
};

/** What a contract shape is called: the constant or field it is assigned to. */
function shapeName(node: ts.Node, file: string): string {
  if (ts.isInterfaceDeclaration(node)) return node.name.text;
  let at: ts.Node = node.parent;
  while (
    ts.isCallExpression(at) ||
    ts.isPropertyAccessExpression(at) ||
    ts.isAsExpression(at) ||
    ts.isParenthesizedExpression(at)
  )
    at = at.parent;
  if ((ts.isVariableDeclaration(at) || ts.isPropertyAssignment(at)) && ts.isIdentifier(at.name)) return at.name.text;
  return `a shape in ${file}`;
}

interface Contract {
  /** every exported type, interface and constant (schemas included) */
  names: Set<string>;
  /** sorted values joined by '|' -> where the contract declares them */
  enums: Map<string, string>;
  /** sorted field names joined by ',' -> the contract shape with exactly those fields */
  shapes: Map<string, string>;
}

/** The contract's named string lists (`const X = [...] as const`), so a list spreading one can be read. */
function namedLists(sources: ReadonlyMap<string, ts.SourceFile>): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const source of sources.values()) {
    walk(source, (node) => {
      const values = ts.isArrayLiteralExpression(node) ? literalSet(node) : null;
      const name = values && declaredName(node);
      if (name) lists.set(name, values);
    });
  }
  return lists;
}

function readContract(): Contract {
  const contract: Contract = { names: new Set(), enums: new Map(), shapes: new Map() };
  const sources = new Map(sourceFiles('contract').map((file) => [file, parse(file)]));
  const lists = namedLists(sources);
  for (const [file, source] of sources) {
    for (const statement of source.statements) {
      if (!isExported(statement)) continue;
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))
        contract.names.add(statement.name.text);
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name)) contract.names.add(d.name.text);
      }
    }
    if (NOT_ENUMS.has(file)) continue;
    walk(source, (node) => {
      const values = literalSet(node, lists);
      if (values) contract.enums.set(values.join('|'), declaredName(node) ?? `an enum in ${file}`);
      const fields = fieldSet(node);
      if (fields) contract.shapes.set(fields.join(','), shapeName(node, file));
    });
  }
  return contract;
}

function copiesIn(file: string, source: ts.SourceFile, contract: Contract): Finding[] {
  const mirrors = new Set(PUBLISHED_MIRRORS[file] ?? []);
  const found = new Set<Finding>();
  walk(source, (node) => {
    const named =
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isEnumDeclaration(node) ||
      ts.isVariableDeclaration(node);
    if (
      named &&
      node.name &&
      ts.isIdentifier(node.name) &&
      contract.names.has(node.name.text) &&
      !mirrors.has(node.name.text)
    ) {
      found.add(`${file}: declares ${node.name.text}, which contract/ exports`);
    }
    const values = literalSet(node);
    const twin = values && contract.enums.get(values.join('|'));
    const name = declaredName(node);
    if (twin && !(name && mirrors.has(name))) {
      found.add(`${file}: writes out ${values.map((v) => `'${v}'`).join(' | ')} by hand (contract/ ${twin})`);
    }
    const fields = fieldSet(node);
    const shape = fields && contract.shapes.get(fields.join(','));
    if (shape) found.add(`${file}: repeats the fields of contract/ ${shape} (${fields.join(', ')})`);
  });
  return [...found];
}

describe('one wire contract', () => {
  const contract = readContract();
  const findings = CONSUMERS.flatMap(sourceFiles).flatMap((file) => copiesIn(file, parse(file), contract));

  it('reads a contract worth checking against', () => {
    for (const name of [
      'PaymentStatus',
      'ChainMode',
      'CheckoutView',
      'CheckoutMessage',
      'DesktopSession',
      'SettingsView',
    ]) {
      expect(contract.names, name).toContain(name);
    }
    expect(contract.enums.get(['mainnet', 'sandbox', 'testnet'].join('|'))).toBe('CHAIN_MODES');
    expect([...contract.enums.values()]).toContain('SUBSCRIBABLE_EVENTS');
  });

  it('declares no wire type outside contract/', () => {
    expect(findings.filter((f) => !ACCEPTED.has(f))).toEqual([]);
  });

  it('pins every public widget type written out in the package to its contract twin', () => {
    const pins = readFileSync(join(ROOT, MIRROR_PINS), 'utf8');
    for (const [file, names] of Object.entries(PUBLISHED_MIRRORS)) {
      for (const name of names)
        expect(pins, `${file} ${name}`).toMatch(new RegExp(`expectTypeOf<Widget\\.${name}>\\(\\)\\.toEqualTypeOf<`));
    }
  });

  it('accepts only findings that still exist', () => {
    expect([...ACCEPTED].filter((f) => !findings.includes(f))).toEqual([]);
  });

  // Guards the guard: a copy of the kind it exists to catch is caught.
  it('recognises a hand-written copy', () => {
    const probe = ts.createSourceFile(
      'probe.ts',
      [
        "type Mode = 'testnet' | 'sandbox' | 'mainnet';",
        'interface CheckoutView { id: string }',
        'interface Sent { allowed: true; serviceOrigin: string; anyOrigin: boolean }',
      ].join('\n'),
      ts.ScriptTarget.ES2022,
      true,
    );
    expect(copiesIn('probe.ts', probe, contract)).toEqual([
      "probe.ts: writes out 'mainnet' | 'sandbox' | 'testnet' by hand (contract/ CHAIN_MODES)",
      'probe.ts: declares CheckoutView, which contract/ exports',
      'probe.ts: repeats the fields of contract/ EmbedCheckSchema (allowed, anyOrigin, serviceOrigin)',
    ]);
  });
});
