import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { API_TYPES_FILE, readOpenApiDocument, renderApiTypes } from '../../scripts/api-types';

/**
 * The web's typed client is only as true as its generated types: a schema changed in contract/ without
 * `npm run generate:client` would let the web compile against answers the server no longer gives.
 */
it(`${API_TYPES_FILE} is what npm run generate:client makes from the server's OpenAPI document`, async () => {
  const committed = readFileSync(path.resolve(import.meta.dirname, '../..', API_TYPES_FILE), 'utf8');
  const fresh = await renderApiTypes(await readOpenApiDocument());
  expect(committed === fresh, `${API_TYPES_FILE} is stale: run npm run generate:client`).toBe(true);
});
