import type { Route, Sent } from './load';

// PATCH with If-Match under load. Every request takes a lead nobody else is writing, with the ETag
// of its last answer, and the answer gives it back with its new ETag: a lead is never in two
// requests at once, so every precondition is evaluated for real and holds, and a 412 means a
// server's ETag disagrees with the one it answered before. The app and the limit answer the same
// ETag for the same record (the body check holds them to it), so one pool serves both.

interface Lead {
  id: number;
  etag: string;
}

const etagOf = (headers: Record<string, string | string[]>): string | undefined => {
  const value = headers.etag ?? headers.ETag;
  return Array.isArray(value) ? value[0] : value;
};

export class IfMatchRotation {
  private free: Lead[] = [];
  /** Leads taken by a request whose answer has not come back (yet). */
  private taken = new Map<number, Lead>();
  private sequence = 0;

  /** `current`: a lead's ETag as a GET answers it now. */
  constructor(
    private readonly ids: number[],
    private readonly current: (id: number) => Promise<string>,
  ) {}

  /** Every lead's current ETag, a few GETs at a time. */
  async start(): Promise<void> {
    const queue = [...this.ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) this.free.push({ id, etag: await this.current(id) });
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }

  private take(): Lead {
    const lead = this.free.shift();
    if (!lead) throw new Error('if-match: every lead is in a request; give the PATCH route more leads than connections');
    this.taken.set(lead.id, lead);
    return lead;
  }

  private give(id: number, etag: string) {
    if (!this.taken.delete(id)) return;
    this.free.push({ id, etag });
  }

  /** The PATCH route: a changed name and value every time, so every request writes. */
  route(name: string): Route {
    return {
      name,
      method: 'PATCH',
      path: `/api/2023-01/leads/${this.ids[0]}`,
      next: (context): Sent => {
        const lead = this.take();
        const n = (this.sequence += 1);
        context.lead = lead.id;
        return {
          path: `/api/2023-01/leads/${lead.id}`,
          headers: { 'if-match': lead.etag },
          body: { lead: { name: `Lead patched ${n}`, value_in_cents: n } },
        };
      },
      // A 412 carries the current ETag too; an answer without one leaves the lead taken.
      answered: (context, _status, headers) => {
        const etag = etagOf(headers);
        if (etag) this.give(context.lead as number, etag);
      },
      settle: () => this.settle(),
    };
  }

  /**
   * After a cell, once the servers are idle (they finish the requests the cell's end cut off):
   * the leads whose answers never came get their current ETag again.
   */
  async settle(): Promise<void> {
    for (const id of [...this.taken.keys()]) this.give(id, await this.current(id));
  }
}
