/** What to do in each of the common apps (mail, calendars): the app's name over its steps. */
export function AppSteps({ apps, className }: { apps: readonly { name: string; steps: string }[]; className: string }) {
  return (
    <dl className={`${className} text-sm`}>
      {apps.map((app) => (
        <div key={app.name}>
          <dt className="font-medium">{app.name}</dt>
          <dd className="text-slate-700 dark:text-slate-300">{app.steps}</dd>
        </div>
      ))}
    </dl>
  );
}
