import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { spool, spoolPrefix, TooLarge } from './spool';

const leftBehind = async () => (await readdir(tmpdir())).filter((f) => f.startsWith(spoolPrefix()));

async function* chunks(...sizes: number[]) {
  for (const size of sizes) yield new Uint8Array(size).fill(7);
}

describe('spool', () => {
  it('leaves no temporary file when the first chunk is already past the ceiling (the file still opening)', async () => {
    // The removal used to run while the file was still being opened, and the open created it after:
    // nearly every one of these refusals left an empty file behind.
    for (let i = 0; i < 20; i++) await expect(spool(chunks(5000), 1000)).rejects.toBeInstanceOf(TooLarge);
    // Any open still pending would land within this pause.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await leftBehind()).toEqual([]);
  });

  it('leaves no temporary file when a later chunk passes the ceiling', async () => {
    await expect(spool(chunks(600, 600), 1000)).rejects.toBeInstanceOf(TooLarge);
    expect(await leftBehind()).toEqual([]);
  });

  it('keeps what fits, with its size, hash and head', async () => {
    const kept = await spool(chunks(400, 600), 1000);
    expect(kept.size).toBe(1000);
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.head.length).toBe(1000);
    expect((await leftBehind()).length).toBe(1);
    const { unlink } = await import('node:fs/promises');
    await unlink(kept.path);
    expect(await leftBehind()).toEqual([]);
  });
});
