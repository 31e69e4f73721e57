import { createContext } from 'react';
import type { RenderedWith } from '@contract/page-data';

/**
 * The settings the page's HTML was rendered with (its time zone, the reminder someone dismissed), while
 * React renders on the server or hydrates that HTML in the browser, so that both draw the same;
 * undefined when the browser renders on its own.
 */
export const RenderedWithContext = createContext<RenderedWith | undefined>(undefined);
