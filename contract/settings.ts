import { z } from 'zod';

export const publicSettingsSchema = z.object({
  /** The spec's two developer test panels; operators hide them with SHOW_DEV_PANELS=false. */
  showDevPanels: z.boolean(),
});
