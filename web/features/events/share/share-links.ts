/** Social share popups open at 600×400. */
export const SHARE_POPUP_WIDTH = 600;
export const SHARE_POPUP_HEIGHT = 400;

export type SocialNetwork = 'facebook' | 'twitter' | 'linkedin';

/** The share link is {origin}/events/{id}. */
export function buildEventUrl(origin: string, eventId: number): string {
  return `${origin.replace(/\/+$/, '')}/events/${eventId}`;
}

export function buildSocialShareUrl(network: SocialNetwork, eventUrl: string, text: string): string {
  const url = encodeURIComponent(eventUrl);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
  }
}

/**
 * The window.open features of a share popup, centred over the current window when its position is
 * known. `noopener,noreferrer` keeps the social site from reaching back into PitchIn's window.
 */
export function buildPopupFeatures(frame?: {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}): string {
  const features = [`width=${SHARE_POPUP_WIDTH}`, `height=${SHARE_POPUP_HEIGHT}`];
  if (frame && frame.outerWidth > 0 && frame.outerHeight > 0) {
    const left = Math.max(0, Math.round(frame.screenX + (frame.outerWidth - SHARE_POPUP_WIDTH) / 2));
    const top = Math.max(0, Math.round(frame.screenY + (frame.outerHeight - SHARE_POPUP_HEIGHT) / 2));
    features.push(`left=${left}`, `top=${top}`);
  }
  features.push('menubar=no', 'toolbar=no', 'noopener', 'noreferrer');
  return features.join(',');
}

export function openSharePopup(network: SocialNetwork, eventUrl: string, text: string): void {
  window.open(buildSocialShareUrl(network, eventUrl, text), '_blank', buildPopupFeatures(window));
}

/** A clipboard failure is reported, so callers need a rejected promise, never a silent no-op. */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/** A share sheet the user dismissed rejects with an AbortError (a DOMException, not always an Error). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

export function canUseNativeShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}
