/**
 * Regenerates clients/tontill-api.ts from the OpenAPI document of a throwaway service (sandbox chain,
 * temp data directory), or of a running one: `npm run gen:client -- http://127.0.0.1:8787`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CLIENT_TYPES_FILE, generateClientTypes } from '../clients/generate-client';
import { parseConfig } from '../server/config/config';
import { startServer } from '../server/index';

async function fetchDocument(url: string): Promise<object> {
  const res = await fetch(new URL('/openapi.json', url));
  if (!res.ok) throw new Error(`GET ${url}/openapi.json: ${res.status}`);
  return (await res.json()) as object;
}

async function documentOfThrowawayService(): Promise<object> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tontill-gen-client-'));
  try {
    const server = await startServer(parseConfig({ dataDir, port: 0 }));
    try {
      return await fetchDocument(server.url);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const url = process.argv[2];
const document = url ? await fetchDocument(url) : await documentOfThrowawayService();
writeFileSync(CLIENT_TYPES_FILE, await generateClientTypes(document));
console.log(`wrote ${relative(process.cwd(), CLIENT_TYPES_FILE)}`);
