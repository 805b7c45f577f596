// The first-run checklist's steps (Home, for an account with no lead or project of its own yet):
// each ticks itself from what the account holds, so it never asks for what is already done.

export interface FirstRunFacts {
  imports: number;
  /** The account's stages, as the stages list answers them. */
  stages: { created_at: string; updated_at: string }[];
  users: number;
  calendarConnected: boolean;
}

export interface FirstRunStep {
  key: 'import' | 'pipeline' | 'team' | 'calendar';
  title: string;
  hint: string;
  href: string;
  done: boolean;
}

/** The pipeline every account starts with has this many stages (db/queries/accounts.ts). */
const DEFAULT_STAGE_COUNT = 7;

export function firstRunSteps(f: FirstRunFacts): FirstRunStep[] {
  return [
    {
      key: 'import',
      title: 'Import your projects',
      hint: 'From a spreadsheet: check it with a dry run, then import.',
      href: '/settings/import?resource=projects',
      done: f.imports > 0,
    },
    {
      key: 'pipeline',
      title: 'Set up your pipeline stages',
      hint: 'Rename, reorder or add the stages your pursuits move through.',
      href: '/settings/pipeline',
      // Done once a stage was added, removed, renamed or moved: the default set changed.
      done: f.stages.length !== DEFAULT_STAGE_COUNT || f.stages.some((s) => s.updated_at !== s.created_at),
    },
    { key: 'team', title: 'Invite your team', hint: 'Add estimators, project managers and leadership.', href: '/settings/users', done: f.users > 1 },
    {
      key: 'calendar',
      title: 'Connect your calendar',
      hint: 'Bid dates and starts in the calendar you already use.',
      href: '/settings/calendar-feed',
      done: f.calendarConnected,
    },
  ];
}
