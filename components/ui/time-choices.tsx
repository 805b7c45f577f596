// A dialog's preset times (snooze until, remind me at): each a button naming the choice and the
// moment it stands for.

export interface TimeChoice {
  key: string;
  label: string;
  /** The moment, for people ("Mon, Nov 30, 8:00 AM"). */
  when: string;
}

export function TimeChoices({
  label,
  choices,
  onChoose,
  disabled = false,
  columns = 'sm:grid-cols-2',
}: {
  /** What the list is for (its accessible name). */
  label: string;
  choices: readonly TimeChoice[];
  onChoose: (key: string) => void;
  disabled?: boolean;
  columns?: 'sm:grid-cols-2' | 'sm:grid-cols-3';
}) {
  return (
    <ul className={`grid gap-2 ${columns}`} aria-label={label}>
      {choices.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            disabled={disabled}
            onClick={() => onChoose(c.key)}
            className="flex w-full flex-col rounded-md border border-slate-300 px-3 py-2 text-left text-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-blue-600/40 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <span className="font-medium text-slate-900 dark:text-slate-100">{c.label}</span>
            <span className="text-slate-600 dark:text-slate-400">{c.when}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
