import { DOOR_QUEUE_DATABASE } from '@/lib/service-worker-policy';

/**
 * The door's waiting scans, kept in IndexedDB: a scan made without network (a hall's basement, a park)
 * waits on the device, survives a reload or a closed tab, and is sent when the network returns. Each is
 * removed only after the server answered it, and the server takes a repeated check-in as the same one
 * (alreadyCheckedIn), so a scan sent twice after a lost answer is not counted twice.
 */
export type DoorActionKind = 'check-in' | 'check-out' | 'undo';

/**
 * `code` names a ticket; a guest walk-in (an address with no account yet) has none, so their check-out
 * and undo name the guest's id instead, with an empty code.
 */
export type DoorAction = {
  id: number;
  eventId: number;
  kind: DoorActionKind;
  code: string;
  guestId?: number;
  at: number;
};

// The service worker deletes it by this name when someone signs out offline (decision 0037).
const DATABASE_NAME = DOOR_QUEUE_DATABASE;
const STORE = 'actions';

let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => {
      const database = request.result;
      // A sign-out deletes the queue (the service worker): an open door tab lets go at once rather than
      // block the deletion until it closes; its next action opens a fresh, empty queue.
      database.onversionchange = () => {
        database.close();
        opening = null;
      };
      resolve(database);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    // Resolved on the transaction's completion: only then is a write durable.
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
  });
}

export async function addDoorAction(action: Omit<DoorAction, 'id'>): Promise<DoorAction> {
  const id = await inStore('readwrite', (store) => store.add(action));
  return { ...action, id: Number(id) };
}

/** The event's waiting actions, oldest first (the key grows with each one). */
export async function listDoorActions(eventId: number): Promise<DoorAction[]> {
  const all = await inStore<DoorAction[]>('readonly', (store) => store.getAll() as IDBRequest<DoorAction[]>);
  return all.filter((action) => action.eventId === eventId);
}

export async function removeDoorAction(id: number): Promise<void> {
  await inStore('readwrite', (store) => store.delete(id));
}
