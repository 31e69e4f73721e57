/**
 * Zod probes once whether it may compile parsers with `new Function`. Our CSP (script-src 'self')
 * forbids eval, so the probe throws, zod falls back, and nothing breaks, but Chromium still reports
 * the blocked eval as a Content Security Policy issue (Lighthouse best practices: inspector-issues).
 * `jitless` makes zod skip the probe. zod reads its settings from this global (the object behind
 * `z.config`); setting it here rather than calling `z.config` keeps zod out of the entry chunk, and it
 * must run before the first schema is built, so this module is the first import of each entry.
 */
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };
// Mutated in place: if zod was somehow loaded first, it keeps a reference to this very object.
(globalThis as ZodGlobal).__zod_globalConfig ??= {};
(globalThis as ZodGlobal).__zod_globalConfig!.jitless = true;
