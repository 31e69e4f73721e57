import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, readOpenApiDocument, renderApiTypes } from './api-types';

/** `npm run generate:client`: writes the web client's types from the server's OpenAPI document. */
const root = path.resolve(import.meta.dirname, '..');
const text = await renderApiTypes(await readOpenApiDocument());
writeFileSync(path.join(root, API_TYPES_FILE), text);
console.log(`wrote ${API_TYPES_FILE}`);
