'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { actionsColumn, DataTable, NONE, type Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/states';
import { useDeleteBidResult, useMarkWinner, useProjectBidResults, type BidResult } from '@/lib/client/hooks/use-bid-results';
import type { Project } from '@/lib/client/hooks/use-projects';
import { bidAmount, bidderName, priceToWinSentence } from './bid-results-text';

// The form (and the API's zod schema) loads when its dialog opens.
const BidResultForm = dynamic(() => import('./bid-result-form').then((m) => m.BidResultForm), {
  loading: () => <Skeleton className="h-80 w-full" />,
});

const link = 'font-medium text-blue-800 hover:underline dark:text-blue-300';

/** Who won (a link to the company, or us), or that it is not recorded for a project lost; the price to win of an open one. */
function Summary({ project }: { project: Project }) {
  const winner = project.awarded_to;
  const price = priceToWinSentence(project);
  const lines = [
    winner ? (
      <p key="awarded">
        Awarded to{' '}
        {winner.id ? (
          <Link href={`/companies/${winner.id}`} className={link}>
            {winner.name}
          </Link>
        ) : (
          <strong className="font-semibold">us ({winner.name})</strong>
        )}
        .
      </p>
    ) : project.close_type === 'lost' ? (
      <p key="awarded">Who won is not recorded yet: add the winner below, or mark a bidder as the winner.</p>
    ) : null,
    price ? <p key="price">{price}</p> : null,
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return <div className="space-y-1 border-b border-slate-100 px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">{lines}</div>;
}

/** A project's bidders (ours included), the lowest price first: add, edit, mark the winner, delete after a confirm. */
export function ProjectBidResults({ project }: { project: Project }) {
  const query = useProjectBidResults(project.id);
  const remove = useDeleteBidResult();
  const markWinner = useMarkWinner(project.id);
  const { can } = useAccess();
  const [editing, setEditing] = useState<BidResult | 'new' | null>(null);

  const confirmDelete = (r: BidResult) => {
    const whose = r.is_us ? 'our bid' : `the bid of ${bidderName(r)}`;
    if (!window.confirm(`Delete ${whose} on “${project.name}”?`)) return;
    remove.mutate(r, { onSuccess: () => toast.success(`Deleted ${whose}.`) });
  };

  const columns: Column<BidResult>[] = [
    {
      key: 'bidder',
      header: 'Bidder',
      cell: (r) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {r.company && !r.is_us ? (
            <Link href={`/companies/${r.company.id}`} className={link}>
              {r.company.name}
            </Link>
          ) : (
            <span className="font-medium">Us</span>
          )}
          {r.is_winner ? <Badge tone="green">Winner</Badge> : null}
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', align: 'right', cellClassName: 'tabular-nums whitespace-nowrap', cell: (r) => bidAmount(r.amount_in_cents) },
    { key: 'rank', header: 'Rank', align: 'right', cellClassName: 'tabular-nums', cell: (r) => r.rank ?? NONE },
    { key: 'notes', header: 'Notes', cellClassName: 'min-w-0 whitespace-pre-line break-words', cell: (r) => r.notes || NONE },
    actionsColumn((r) => {
      const name = bidderName(r);
      return (
        <span className="inline-flex flex-wrap gap-1 sm:flex-nowrap">
          {r.is_winner ? null : (
            <Button
              variant="ghost"
              size="sm"
              disabled={markWinner.isPending}
              aria-label={`Mark ${name} as the winner`}
              onClick={() => markWinner.mutate(r, { onSuccess: () => toast.success(`${name === 'Us' ? 'We are' : `${name} is`} now the winner.`) })}
            >
              Mark winner
            </Button>
          )}
          <Button variant="ghost" size="sm" aria-label={`Edit the bid of ${name}`} onClick={() => setEditing(r)}>
            Edit
          </Button>
          {can('projects', 'delete') ? (
            <Button variant="ghost" size="sm" aria-label={`Delete the bid of ${name}`} onClick={() => confirmDelete(r)}>
              Delete
            </Button>
          ) : null}
        </span>
      );
    }),
  ];

  return (
    <>
      <SectionCard
        title="Bid results"
        id="bids-heading"
        description="Who bid, at what price, and who won."
        total={query.data?.total}
        actions={
          <Button size="sm" onClick={() => setEditing('new')}>
            Add bidder
          </Button>
        }
      >
        <Summary project={project} />
        <DataTable
          bare
          query={query}
          columns={columns}
          skeletonRows={2}
          caption="Bidders on this project, the lowest price first, with amounts in US dollars"
          empty={{
            title: 'No bids recorded yet.',
            hint: 'Add who bid and at what price, ours included. The winner shows here and on the Insights page’s competitors.',
          }}
        />
      </SectionCard>
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? 'Add a bidder' : `Edit the bid of ${bidderName(editing)}`}
      >
        {editing ? (
          <BidResultForm
            key={editing === 'new' ? 'new' : editing.id}
            projectId={project.id}
            result={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </>
  );
}
