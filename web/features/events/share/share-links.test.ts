import { describe, expect, it } from 'vitest';
import {
  buildEventUrl,
  buildPopupFeatures,
  buildSocialShareUrl,
  isAbortError,
  SHARE_POPUP_HEIGHT,
  SHARE_POPUP_WIDTH,
} from './share-links';

describe('share links', () => {
  it('builds {origin}/events/{id}', () => {
    expect(buildEventUrl('https://pitchin.example.org', 42)).toBe('https://pitchin.example.org/events/42');
    expect(buildEventUrl('http://127.0.0.1:5000/', 7)).toBe('http://127.0.0.1:5000/events/7');
  });

  it('builds each network’s share URL with the event URL encoded', () => {
    const url = 'https://pitchin.example.org/events/42';
    expect(buildSocialShareUrl('facebook', url, 'ignored')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fpitchin.example.org%2Fevents%2F42',
    );
    expect(buildSocialShareUrl('linkedin', url, 'ignored')).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fpitchin.example.org%2Fevents%2F42',
    );
    expect(buildSocialShareUrl('twitter', url, 'Beach & Park: 50% done?')).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fpitchin.example.org%2Fevents%2F42&text=Beach%20%26%20Park%3A%2050%25%20done%3F',
    );
  });

  it('opens a 600×400 popup without an opener, centred over the window when it can be', () => {
    expect(SHARE_POPUP_WIDTH).toBe(600);
    expect(SHARE_POPUP_HEIGHT).toBe(400);
    expect(buildPopupFeatures()).toBe('width=600,height=400,menubar=no,toolbar=no,noopener,noreferrer');
    expect(buildPopupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'width=600,height=400,left=500,top=300,menubar=no,toolbar=no,noopener,noreferrer',
    );
    // A window smaller than the popup never pushes it off the screen's top-left.
    expect(buildPopupFeatures({ screenX: 0, screenY: 0, outerWidth: 390, outerHeight: 300 })).toContain('left=0,top=0');
  });

  it('recognises a cancelled native share, including a DOMException-like object', () => {
    expect(isAbortError(Object.assign(new Error('cancelled'), { name: 'AbortError' }))).toBe(true);
    expect(isAbortError({ name: 'AbortError', message: 'Share canceled' })).toBe(true);
    expect(isAbortError(new Error('NotAllowedError'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});
