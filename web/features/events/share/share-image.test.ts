import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryColorOf } from '@contract/category-colors';
import {
  categoryBadgeColor,
  ellipsize,
  fitLine,
  SHARE_IMAGE_BACKGROUND,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_SCALE,
  SHARE_IMAGE_TIMEOUT_MS,
  SHARE_IMAGE_WIDTH,
  shareImageFileName,
  withTimeout,
  wrapText,
} from './share-image';

/** A monospace stand-in for canvas measureText: every character is 10 px wide. */
const measure = (text: string) => Array.from(text).length * 10;

describe('share image constants', () => {
  it('is 1200×630 at scale 2 on white with a 15 s image time-out', () => {
    expect([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_SCALE]).toEqual([1200, 630, 2]);
    expect(SHARE_IMAGE_BACKGROUND).toBe('#ffffff');
    expect(SHARE_IMAGE_TIMEOUT_MS).toBe(15_000);
  });
});

describe('shareImageFileName', () => {
  it('lower-cases the title and turns every character outside [a-z0-9] into _', () => {
    expect(shareImageFileName('Beach Clean-up: Día 1!')).toBe('beach_clean_up__d_a_1__share.png');
    expect(shareImageFileName('Park Day 2026')).toBe('park_day_2026_share.png');
    expect(shareImageFileName('清洁 日')).toBe('_____share.png');
  });

  it('counts an emoji as one character, not two UTF-16 halves', () => {
    expect(shareImageFileName('Go🌱')).toBe('go__share.png');
  });

  it('never lets a path separator or dot through', () => {
    expect(shareImageFileName('../etc/passwd')).toBe('___etc_passwd_share.png');
  });
});

describe('wrapText', () => {
  it('keeps short text on one line', () => {
    expect(wrapText('Beach clean-up', 200, 2, measure)).toEqual(['Beach clean-up']);
  });

  it('breaks between words and collapses whitespace', () => {
    expect(wrapText('one two   three\nfour', 90, 3, measure)).toEqual(['one two', 'three', 'four']);
  });

  it('ends the last allowed line with an ellipsis when text is left over', () => {
    const lines = wrapText('alpha beta gamma delta epsilon', 110, 2, measure);
    expect(lines).toEqual(['alpha beta', 'gamma delt…']);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(110);
  });

  it('breaks text without spaces (Chinese, Japanese) between characters', () => {
    expect(wrapText('海滩清洁活动欢迎大家', 40, 2, measure)).toEqual(['海滩清洁', '活动欢…']);
  });

  it('returns nothing for blank text', () => {
    expect(wrapText('   ', 100, 2, measure)).toEqual([]);
  });
});

describe('fitLine and ellipsize', () => {
  it('keeps a line that fits and shortens one that does not', () => {
    expect(fitLine('Lisbon', 100, measure)).toBe('Lisbon');
    expect(fitLine('Lisbon, Portugal', 100, measure)).toBe('Lisbon, P…');
    expect(measure(ellipsize('abcdefghijkl', 50, measure))).toBeLessThanOrEqual(50);
  });
});

describe('card details', () => {
  it('takes the badge colour from the shared table by category name, grey for any other name', () => {
    expect(categoryBadgeColor(categoryColorOf('Cleanup'))).toBe('#15803d');
    expect(categoryBadgeColor(categoryColorOf('Arts & Culture'))).toBe('#7e22ce');
    // These two were emerald on the page and red on the server's image.
    expect(categoryBadgeColor(categoryColorOf('Healthcare'))).toBe('#b91c1c');
    expect(categoryBadgeColor(categoryColorOf('Disaster Relief'))).toBe('#b91c1c');
    expect(categoryBadgeColor(categoryColorOf('Technology'))).toBe('#4338ca');
    expect(categoryBadgeColor(categoryColorOf('Gardening'))).toBe('#475569');
    expect(categoryBadgeColor(categoryColorOf(null))).toBe('#475569');
  });
});

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes a result that arrives in time through', async () => {
    await expect(withTimeout(Promise.resolve('photo'), 15_000)).resolves.toBe('photo');
  });

  it('gives up after the time-out and lets the caller cancel the load', async () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, SHARE_IMAGE_TIMEOUT_MS, onTimeout);
    const assertion = expect(result).rejects.toMatchObject({ name: 'TimeoutError' });
    vi.advanceTimersByTime(SHARE_IMAGE_TIMEOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await assertion;
    expect(onTimeout).toHaveBeenCalledOnce();
  });
});
