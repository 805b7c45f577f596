import type { ReactNode } from 'react';

/**
 * A page outside the dashboard (sign-in, an app's authorization): the Groundwork mark, its title
 * (and a line under it), its card, and a note below. `wide` for a card with more to say.
 */
export function AuthFrame({
  title,
  intro,
  note,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  note?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12 sm:px-6">
      <div className={`w-full ${wide ? 'max-w-md' : 'max-w-sm'}`}>
        <div className={`${intro ? 'mb-8' : 'mb-6'} text-center`}>
          <div
            aria-hidden="true"
            className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl bg-blue-700 text-lg font-bold text-white shadow-sm dark:bg-blue-600"
          >
            G
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">{title}</h1>
          {intro ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{intro}</p> : null}
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">{children}</div>
        {note ? <p className="mt-6 text-center text-xs text-slate-500 dark:text-slate-400">{note}</p> : null}
      </div>
    </main>
  );
}
