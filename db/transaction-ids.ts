// The id of a write transaction, noted by a statement that already runs in it (the events'
// insert answers `txid_current()`), so the lost-COMMIT bookkeeping of db/index.ts need not ask
// for it in a statement of its own before COMMIT. Keyed by the transaction's handle; a nested
// transaction (a savepoint) has a handle of its own, and its outer one then asks as before.

const noted = new WeakMap<object, string>();

export function noteTransactionId(tx: object, txid: string): void {
  noted.set(tx, txid);
}

export function notedTransactionId(tx: object): string | undefined {
  return noted.get(tx);
}
