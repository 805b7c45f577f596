// The words of notification mail (docs/collaboration.md#email): a plain-text part for every mail,
// an HTML part of the same content, the record's link, and where to change what one receives.

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mention written `@[Dana Ortiz](user:12)` reads "@Dana Ortiz". */
export const plainMentions = (text: string) => text.replace(/@\[([^\]]+)\]\(user:\d+\)/g, '@$1');

const FOOTER = 'You get this email from Groundwork. Change what you receive:';

function page(body: string, settingsUrl: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;line-height:1.5">${body}<p style="color:#475569;font-size:12px;margin-top:24px">${escape(FOOTER)} <a href="${escape(settingsUrl)}">notification settings</a>.</p></body></html>`;
}

/** One notification, told at once. */
export function notificationMail(n: { message: string; excerpt: string | null; url: string }, settingsUrl: string): ComposedMail {
  const excerpt = n.excerpt ? plainMentions(n.excerpt) : null;
  const text = [n.message, excerpt ? `\n“${excerpt}”` : null, `\nOpen it: ${n.url}`, `\n--\n${FOOTER} ${settingsUrl}`].filter(Boolean).join('\n');
  const html = page(
    `<p style="font-size:16px"><strong>${escape(n.message)}</strong></p>${excerpt ? `<blockquote style="border-left:3px solid #cbd5e1;margin:0;padding-left:12px;color:#334155">${escape(excerpt)}</blockquote>` : ''}<p><a href="${escape(n.url)}">Open it in Groundwork</a></p>`,
    settingsUrl,
  );
  return { subject: n.message, text, html };
}

export interface DigestContent {
  /** The user's day, for people: "Tuesday, December 1". */
  day: string;
  bids: { name: string; due: string; url: string }[];
  tasks: { title: string; project: string | null; url: string }[];
  notifications: { message: string; url: string }[];
  /** Unread notifications beyond those listed. */
  moreNotifications: number;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The morning's digest; null when there is nothing to tell (no mail then). */
export function digestMail(d: DigestContent, settingsUrl: string): ComposedMail | null {
  const unread = d.notifications.length + d.moreNotifications;
  if (d.bids.length === 0 && d.tasks.length === 0 && unread === 0) return null;
  const parts = [
    d.bids.length ? count(d.bids.length, 'bid due', 'bids due') : null,
    d.tasks.length ? count(d.tasks.length, 'task due', 'tasks due') : null,
    unread ? count(unread, 'unread notification', 'unread notifications') : null,
  ].filter((p): p is string => p !== null);
  const subject = `Your day in Groundwork, ${d.day}: ${parts.join(', ')}`;
  const lines: string[] = [`Your day in Groundwork — ${d.day}`];
  const sections: string[] = [];
  if (d.bids.length) {
    lines.push('', 'Bids due', ...d.bids.map((b) => `- ${b.name} (${b.due}): ${b.url}`));
    sections.push(
      `<h2 style="font-size:15px">Bids due</h2><ul>${d.bids.map((b) => `<li><a href="${escape(b.url)}">${escape(b.name)}</a> — ${escape(b.due)}</li>`).join('')}</ul>`,
    );
  }
  if (d.tasks.length) {
    lines.push('', 'Tasks due today', ...d.tasks.map((t) => `- ${t.title}${t.project ? ` (${t.project})` : ''}: ${t.url}`));
    sections.push(
      `<h2 style="font-size:15px">Tasks due today</h2><ul>${d.tasks.map((t) => `<li><a href="${escape(t.url)}">${escape(t.title)}</a>${t.project ? ` — ${escape(t.project)}` : ''}</li>`).join('')}</ul>`,
    );
  }
  if (unread) {
    const more = d.moreNotifications ? `and ${count(d.moreNotifications, 'more', 'more')}` : null;
    lines.push('', 'Unread notifications', ...d.notifications.map((n) => `- ${n.message}: ${n.url}`), ...(more ? [more] : []));
    sections.push(
      `<h2 style="font-size:15px">Unread notifications</h2><ul>${d.notifications.map((n) => `<li><a href="${escape(n.url)}">${escape(n.message)}</a></li>`).join('')}${more ? `<li>${escape(more)}</li>` : ''}</ul>`,
    );
  }
  lines.push('', '--', `${FOOTER} ${settingsUrl}`);
  return {
    subject,
    text: lines.join('\n'),
    html: page(`<p style="font-size:16px"><strong>Your day in Groundwork — ${escape(d.day)}</strong></p>${sections.join('')}`, settingsUrl),
  };
}

/** The link to choose a new password (asked for on the sign-in page). */
export function passwordResetMail(link: string): ComposedMail {
  const text = [
    'Someone asked to reset the password of your Groundwork account. If it was you, choose a new one here (the link works for an hour, once):',
    '',
    link,
    '',
    'If it was not you, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;line-height:1.5"><p>Someone asked to reset the password of your Groundwork account. If it was you, choose a new one (the link works for an hour, once):</p><p><a href="${escape(link)}">Choose a new password</a></p><p style="color:#475569">If it was not you, ignore this email: your password stays as it is.</p></body></html>`;
  return { subject: 'Reset your Groundwork password', text, html };
}

/** An admin's invitation to the account: the link to choose one's password. */
export function invitationMail(inviter: string, account: string, link: string): ComposedMail {
  const subject = `${inviter} invited you to ${account} on Groundwork`;
  const text = [
    `${subject}.`,
    '',
    'Groundwork is where your team runs its pursuits: leads, bids, projects and teams. Choose your password to sign in (the link works for 7 days, once):',
    '',
    link,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;line-height:1.5"><p style="font-size:16px"><strong>${escape(subject)}.</strong></p><p>Groundwork is where your team runs its pursuits: leads, bids, projects and teams. Choose your password to sign in (the link works for 7 days, once):</p><p><a href="${escape(link)}">Choose your password</a></p></body></html>`;
  return { subject, text, html };
}
