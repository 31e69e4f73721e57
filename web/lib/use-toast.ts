import { useSyncExternalStore, type ReactNode } from 'react';

// One toast at a time; a dismissed toast is kept (closed) for 1,000,000 ms before removal,
// which in practice means "until replaced by the next toast".
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1000000;

/**
 * One toast as the store keeps it; the toaster (web/components/ui/toaster.tsx) hands every field but
 * the texts to Radix's Toast, so TypeScript checks these against its props there.
 */
type ToasterToast = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> }
  | { type: 'DISMISS_TOAST'; toastId?: ToasterToast['id'] }
  | { type: 'REMOVE_TOAST'; toastId?: ToasterToast['id'] };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
function genId() {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const toastTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function addToRemoveQueue(toastId: string) {
  if (toastTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    toastTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY);
  toastTimeouts.set(toastId, timeout);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { ...state, toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      if (toastId) addToRemoveQueue(toastId);
      else state.toasts.forEach((t) => addToRemoveQueue(t.id));
      return {
        ...state,
        toasts: state.toasts.map((t) => (t.id === toastId || toastId === undefined ? { ...t, open: false } : t)),
      };
    }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { ...state, toasts: [] };
      return { ...state, toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

// A module-level store so toast() can be called from anywhere (mutation callbacks, plain functions).
const listeners: Array<() => void> = [];
let memoryState: State = { toasts: [] };

// Resolvers of each toast's `shown` promise, until the Toaster reports it on screen or it leaves the
// store unseen (replaced by the next toast: one shows at a time).
const shownResolvers = new Map<string, () => void>();

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const [id, resolve] of shownResolvers) {
    if (memoryState.toasts.some((item) => item.id === id)) continue;
    shownResolvers.delete(id);
    resolve();
  }
  listeners.forEach((listener) => listener());
}

/** Called by the Toaster once a toast has reached the screen. */
export function reportToastShown(id: string) {
  shownResolvers.get(id)?.();
  shownResolvers.delete(id);
}

// Set once the Toaster's code has failed to load (it loads at the first press, often before any toast).
let isToasterUnavailable = false;

/** Called when the Toaster's code failed to load: nothing will reach the screen, so nobody waits for it. */
export function releaseUnshownToasts() {
  isToasterUnavailable = true;
  for (const resolve of shownResolvers.values()) resolve();
  shownResolvers.clear();
}

/** Called when the Toaster's code has loaded, a later try after a failure included: toasts are waited for again. */
export function markToasterAvailable() {
  isToasterUnavailable = false;
}

export type Toast = Omit<ToasterToast, 'id'>;

/**
 * Raises a toast. `shown` settles once it is on screen, or once it has been replaced unseen: the
 * Toaster's code loads on demand (components/ui/deferred-toaster.tsx), so on a slow phone a toast
 * can reach the screen a while after it is raised, and whatever must follow it (the 401 redirect)
 * waits for that rather than cutting it short.
 */
export function toast(props: Toast) {
  const id = genId();
  const shown = isToasterUnavailable
    ? Promise.resolve()
    : new Promise<void>((resolve) => shownResolvers.set(id, resolve));
  const update = (next: ToasterToast) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update, shown };
}

function subscribe(listener: () => void): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index > -1) listeners.splice(index, 1);
  };
}

const readState = () => memoryState;

/**
 * The store's toasts. Read through useSyncExternalStore: the Toaster mounts the moment its code arrives,
 * often during the very press whose toast follows, and a toast raised between its first render and a
 * subscribing effect was lost (the Toaster kept the empty list it had read; seen in CI as a "Resend" whose
 * toast never showed).
 */
export function useToast() {
  const state = useSyncExternalStore(subscribe, readState, readState);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
  };
}
