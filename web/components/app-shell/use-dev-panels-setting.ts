import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@contract/settings';

const CONFIG_QUERY_KEY = ['/api/config'] as const;

/**
 * SHOW_DEV_PANELS: the operator's switch for the spec's test panels. Until the answer
 * arrives, and if the call fails, the panels stay hidden: a production site must never flash them.
 */
export function useShowDevPanels(): boolean {
  const { data } = useQuery<PublicSettings>({ queryKey: CONFIG_QUERY_KEY });
  return data?.showDevPanels === true;
}
