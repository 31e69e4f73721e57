import { describe, expect, it } from 'vitest';
import { InMemoryBlob } from './migrated-snapshot';

describe('InMemoryBlob', () => {
  it('reads as the bytes it was made of, through arrayBuffer and the Blob API alike, a fresh copy each time', async () => {
    const bytes = new TextEncoder().encode('pg_wal and base/5, as a tarball would hold them');
    const blob = new InMemoryBlob(bytes);
    expect(blob.size).toBe(bytes.length);
    const first = new Uint8Array(await blob.arrayBuffer());
    expect(first).toEqual(bytes);
    first[0] = 0;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(bytes[0]).toBe('p'.charCodeAt(0));
    expect(await blob.text()).toBe('pg_wal and base/5, as a tarball would hold them');
    expect(new Uint8Array(await new Response(blob.stream()).arrayBuffer())).toEqual(bytes);
  });
});
