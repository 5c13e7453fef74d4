/**
 * The typed client of the service's own OpenAPI document: openapi-typescript turns /openapi.json
 * into `paths` types, openapi-fetch is the runtime. `npm run gen:client` writes clients/tontill-api.ts;
 * test/e2e/generated-client.test.ts regenerates it from a running service and fails if they differ.
 */
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { fileURLToPath } from 'node:url';

export const CLIENT_TYPES_FILE = fileURLToPath(new URL('./tontill-api.ts', import.meta.url));
export const GENERATE_COMMAND = 'npm run gen:client';

const HEADER = `// Generated from the service's /openapi.json by \`${GENERATE_COMMAND}\` (openapi-typescript). Do not edit.\n\n`;

export async function generateClientTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { alphabetize: true });
  return HEADER + astToString(ast);
}
