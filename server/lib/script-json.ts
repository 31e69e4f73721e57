/** JSON that is safe inside a <script> element: no `<` can close it or open a comment. */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
