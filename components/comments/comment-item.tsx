'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { RelativeTime } from '@/components/ui/relative-time';
import { ApiClientError } from '@/lib/client/api-client';
import { useDeleteComment, useUpdateComment, type Comment } from '@/lib/client/hooks/use-comments';
import { CommentBody } from './comment-body';

// Comments (docs/collaboration.md), as a record's timeline shows them (./record-timeline.tsx): the
// box — "@" opens a people picker (type to filter, arrows, Enter), Ctrl/Cmd-Enter posts — and each
// comment, one's own edited and deleted in place (an admin deletes any).

export interface Person {
  id: string;
  name: string;
}

/** The "@word" being typed just before the caret, if any. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([^\s@[\]()]{0,30})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, query: m[2]!.toLowerCase() } : null;
}

/** A textarea that writes mentions as `@[Name](user:ID)`, picked from the account's people. */
export function MentionBox({
  value,
  onChange,
  onSubmit,
  label,
  people,
  autoFocus = false,
}: {
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  label: string;
  people: Person[];
  autoFocus?: boolean;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [picking, setPicking] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = picking ? people.filter((p) => p.name.toLowerCase().includes(picking.query)).slice(0, 8) : [];

  const pick = (person: Person) => {
    if (!picking || !ref.current) return;
    const caret = ref.current.selectionStart;
    const mention = `@[${person.name}](user:${person.id}) `;
    const next = value.slice(0, picking.start) + mention + value.slice(caret);
    onChange(next);
    setPicking(null);
    const at = picking.start + mention.length;
    requestAnimationFrame(() => ref.current?.setSelectionRange(at, at));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picking && matches.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(matches[Math.min(active, matches.length - 1)]!);
        return;
      }
      if (e.key === 'Escape') {
        // Closes the picker, not the dialog or page around it.
        e.preventDefault();
        setPicking(null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault();
      onSubmit();
    }
  };

  return (
    <div className="relative">
      <textarea
        ref={ref}
        aria-label={label}
        role="combobox"
        aria-expanded={matches.length > 0}
        // The list exists only while it is open: nothing to point at otherwise.
        aria-controls={matches.length > 0 ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={matches.length ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined}
        autoFocus={autoFocus}
        rows={3}
        value={value}
        maxLength={10_000}
        placeholder="Write a comment… @ to mention someone"
        className={inputClass}
        onChange={(e) => {
          onChange(e.target.value);
          setPicking(mentionQuery(e.target.value, e.target.selectionStart));
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setPicking(null), 150)}
      />
      {matches.length ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute z-20 mt-1 max-h-60 w-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {matches.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === Math.min(active, matches.length - 1)}
              className="cursor-pointer px-3 py-1.5 aria-selected:bg-blue-50 dark:aria-selected:bg-blue-950"
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
            >
              {p.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function CommentItem({ comment, people, mine, mayDelete }: { comment: Comment; people: Person[]; mine: boolean; mayDelete: boolean }) {
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const [editing, setEditing] = useState<string | null>(null);
  const author = comment.author?.name ?? comment.author?.email ?? 'Someone';
  const save = () => {
    if (editing === null || !editing.trim()) return;
    update.mutate(
      { id: comment.id, changes: { body: editing }, base: comment },
      {
        onSuccess: () => setEditing(null),
        onError: (error) => toast.error(error instanceof ApiClientError ? error.message : 'The comment was not saved.'),
      },
    );
  };
  return (
    <li className="px-4 py-3" id={`comment-${comment.id}`} aria-label={`Comment by ${author}`}>
      <div className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold text-slate-900 dark:text-slate-100">{author}</span>
        <RelativeTime at={comment.created_at} />
        {comment.edited_at ? <span>(edited)</span> : null}
        <span className="ml-auto flex gap-1">
          {mine && editing === null ? (
            <Button variant="ghost" size="sm" onClick={() => setEditing(comment.body)} aria-label={`Edit your comment of ${comment.created_at}`}>
              Edit
            </Button>
          ) : null}
          {mayDelete && editing === null ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete the comment by ${author}`}
              onClick={() => {
                if (window.confirm('Delete this comment?')) remove.mutate(comment.id, { onSuccess: () => toast.success('Comment deleted.') });
              }}
            >
              Delete
            </Button>
          ) : null}
        </span>
      </div>
      {editing !== null ? (
        <div className="space-y-2">
          <MentionBox value={editing} onChange={setEditing} onSubmit={save} label="Edit the comment" people={people} autoFocus />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button size="sm" onClick={save} disabled={update.isPending || !editing.trim()}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <CommentBody body={comment.body} />
      )}
    </li>
  );
}
