// Apart from the route table: the entry script reads these before the first paint, and importing them
// from route-table.ts would put every route's entry into the landing page's budget.

/** What the signed-in chrome (header, navigation, notices) reads on every screen. */
export const SHELL_NAMESPACES = ['common', 'shell'] as const;

/** What the signed-out pages (the landing page, the not-found page) read. */
export const SIGNED_OUT_NAMESPACES = ['common', 'landing'] as const;
