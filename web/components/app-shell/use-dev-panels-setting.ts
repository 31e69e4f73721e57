import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from './api/get-config';

/**
 * SHOW_DEV_PANELS: the operator's switch for the spec's test panels. Until the answer
 * arrives, and if the call fails, the panels stay hidden: a production site must never flash them.
 */
export function useShowDevPanels(): boolean {
  const { data } = useQuery(configQueryOptions());
  return data?.showDevPanels === true;
}
