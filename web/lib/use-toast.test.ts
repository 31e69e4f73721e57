import { describe, expect, it } from 'vitest';
import { reportToastShown, toast } from './use-toast';

/** Whether a promise has settled by the time pending microtasks have run. */
async function hasSettled(promise: Promise<void>): Promise<boolean> {
  let isSettled = false;
  void promise.then(() => (isSettled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return isSettled;
}

describe('toast(): shown', () => {
  it('waits until the Toaster reports the toast on screen', async () => {
    const raised = toast({ title: 'Unauthorized' });
    expect(await hasSettled(raised.shown)).toBe(false);
    reportToastShown(raised.id);
    expect(await hasSettled(raised.shown)).toBe(true);
  });

  it('settles when the toast is replaced before it was ever shown, so nothing waits on it for ever', async () => {
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second' });
    expect(await hasSettled(first.shown)).toBe(true);
    expect(await hasSettled(second.shown)).toBe(false);
    reportToastShown(second.id);
    expect(await hasSettled(second.shown)).toBe(true);
  });
});
