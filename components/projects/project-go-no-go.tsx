'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { formatDateTime, formatDollars } from '@/lib/client/format';
import { useGoNoGo, useSaveGoNoGo, type GoNoGoDetail } from '@/lib/client/hooks/use-go-no-go';
import type { Project } from '@/lib/client/hooks/use-projects';
import { enteredProbability, goNoGoScore, probabilitySource } from '@/lib/shared/domain/insights';
import { priceBasis, priceRange, priceToWinSentence } from './bid-results-text';
import { CARD, PANEL } from '@/components/ui/section-card';

// A project's Go / no-go tab (docs/insights.md): the account's scorecard answered 1–5, the score as
// the answers change, the capacity the workforce demand suggests, the value of an estimating hour,
// and the decision — a no-go may close the pursuit as did not pursue in the same step.

const DECISIONS: Record<string, string> = { go: 'Go', no_go: 'No-go', undecided: 'Undecided' };
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10} %`);

function Fact({ label, value, hint, className = '' }: { label: string; value: string; hint?: string; className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

function Scorecard({ project, data }: { project: Project; data: GoNoGoDetail }) {
  const save = useSaveGoNoGo(project.id);
  // The saved answers start the form, the capacity criteria filled in with the workforce demand's
  // answer where none is saved yet; a save remounts it with the API's (the key below).
  const [answers, setAnswers] = useState<Record<string, number>>({ ...data.suggested_answers, ...data.answers });
  const weights = Object.fromEntries(data.criteria.map((c) => [c.id, c.weight]));
  const score = goNoGoScore(answers, weights);
  const dirty = JSON.stringify(answers) !== JSON.stringify(data.answers);
  const open = project.close_type === null;

  const submit = (extra: { decision?: string; close_as_did_not_pursue?: boolean } = {}, message = 'Saved the scorecard.') => {
    const removed = Object.keys(data.answers).filter((id) => answers[id] === undefined);
    // mutateAsync: the save remounts this form (its key), which would drop a mutate() callback.
    save
      .mutateAsync({ answers: { ...answers, ...Object.fromEntries(removed.map((id) => [id, null])) }, ...extra })
      .then(() => toast.success(message))
      .catch(() => undefined); // the error is shown by the mutation cache's handler
  };

  return (
    <div className="space-y-4">
      <section aria-labelledby="go-no-go-summary" className={PANEL}>
        <h2 id="go-no-go-summary" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-5">
          <Fact label="Score" value={score === null ? '—' : `${score} / 100`} hint={dirty ? 'Not saved yet' : undefined} />
          {/* Beside the score: what the work has gone for in the sector, to weigh the bid against. */}
          <Fact
            label="Price to win"
            className="col-span-2 sm:col-span-1"
            value={project.price_to_win ? priceRange(project.price_to_win, true) : '—'}
            hint={project.price_to_win ? priceBasis(project) : (priceToWinSentence(project) ?? 'Only for open projects.')}
          />
          <Fact
            label="Decision"
            value={DECISIONS[data.decision] ?? data.decision}
            hint={data.decided_by ? `${data.decided_by.name ?? data.decided_by.email}, ${formatDateTime(data.decided_at)}` : undefined}
          />
          <Fact
            label="Odds"
            value={pct(project.suggested_probability)}
            hint={`learned; in use ${pct(enteredProbability(project))}${probabilitySource(project) ? `, ${probabilitySource(project)}` : ''}`}
          />
          <Fact
            label="Value per estimating hour"
            value={data.expected_value_per_estimating_hour === null ? '—' : formatDollars(data.expected_value_per_estimating_hour)}
            hint={project.estimating_hours ? `${project.estimating_hours} h to estimate` : 'Set the estimating hours on the project'}
          />
        </dl>
      </section>

      <form
        aria-labelledby="go-no-go-criteria"
        className={CARD}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id="go-no-go-criteria" className="text-base font-semibold">
            Scorecard
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Answer each from 1 (against bidding) to 5 (for it). Weights are the account’s (Settings → Scorecard).
          </p>
        </div>
        {data.criteria.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">The scorecard has no criteria. An admin adds them in Settings → Scorecard.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {data.criteria.map((c) => {
              const suggested = data.suggested_answers[c.id];
              return (
                <li key={c.id} className="px-4 py-3">
                  <fieldset className="min-w-0">
                    <legend className="text-sm font-medium">
                      {c.name} <span className="font-normal text-slate-600 dark:text-slate-400">· weight {c.weight}</span>
                    </legend>
                    {c.description ? <p className="text-xs text-slate-600 dark:text-slate-400">{c.description}</p> : null}
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <div className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
                        {[1, 2, 3, 4, 5].map((n) => (
                          <label
                            key={n}
                            className="cursor-pointer px-3 py-1 text-sm font-medium text-slate-700 has-[:checked]:bg-blue-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:text-slate-200 dark:has-[:checked]:bg-blue-600"
                          >
                            <input
                              type="radio"
                              className="sr-only"
                              name={`criterion-${c.id}`}
                              value={n}
                              checked={answers[c.id] === n}
                              onChange={() => setAnswers({ ...answers, [c.id]: n })}
                              aria-label={`${c.name}: ${n}`}
                            />
                            {n}
                          </label>
                        ))}
                      </div>
                      {answers[c.id] !== undefined ? (
                        <Button variant="ghost" size="sm" onClick={() => setAnswers(Object.fromEntries(Object.entries(answers).filter(([id]) => id !== c.id)))}>
                          Clear
                        </Button>
                      ) : null}
                      {suggested !== undefined ? (
                        <span className="text-xs text-slate-600 dark:text-slate-400">
                          {data.answers[c.id] === undefined ? 'Filled in from the workforce demand' : `Suggested ${suggested}`}:{' '}
                          {data.capacity_shortfall_fte === 0 ? 'no shortfall' : `${data.capacity_shortfall_fte} FTE short`} of this project’s roles in its start
                          month.{' '}
                          {answers[c.id] !== suggested ? (
                            <button
                              type="button"
                              className="font-medium text-blue-800 underline dark:text-blue-300"
                              onClick={() => setAnswers({ ...answers, [c.id]: suggested })}
                            >
                              Use {suggested}
                            </button>
                          ) : null}
                        </span>
                      ) : c.kind === 'capacity' ? (
                        <span className="text-xs text-slate-600 dark:text-slate-400">No suggestion: the project needs a start date and staffed roles.</span>
                      ) : null}
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <Button type="submit" variant="secondary" disabled={!dirty || save.isPending}>
            Save answers
          </Button>
          <Button disabled={save.isPending} onClick={() => submit({ decision: 'go' }, 'Decided: go.')}>
            Go
          </Button>
          <Button variant="secondary" disabled={save.isPending} onClick={() => submit({ decision: 'no_go' }, 'Decided: no-go.')}>
            No-go
          </Button>
          {open ? (
            <Button
              variant="danger"
              disabled={save.isPending}
              onClick={() => submit({ decision: 'no_go', close_as_did_not_pursue: true }, 'No-go: closed as did not pursue.')}
            >
              No-go and close
            </Button>
          ) : null}
          {data.decision !== 'undecided' ? (
            <Button variant="ghost" disabled={save.isPending} onClick={() => submit({ decision: 'undecided' }, 'The decision is open again.')}>
              Undecide
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

/** The Go / no-go tab of a project. */
export function ProjectGoNoGo({ project }: { project: Project }) {
  const query = useGoNoGo(project.id);
  if (query.error) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <Skeleton className="h-96 w-full" />;
  return <Scorecard key={JSON.stringify(query.data.answers)} project={project} data={query.data} />;
}
