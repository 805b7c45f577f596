import type { ReactNode } from 'react';

// A comment's text as people read it: mentions as names, **bold**, *italics*, [links](https://…),
// and "- " lists — built as React elements, never as HTML, so nothing in a body ever runs.

const INLINE = /@\[([^\]\n]{1,255})\]\(user:[0-9]{1,16}\)|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*|\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${m.index}`;
    if (m[1] !== undefined)
      out.push(
        <span key={k} className="rounded bg-blue-50 px-0.5 font-medium text-blue-900 dark:bg-blue-950 dark:text-blue-200">
          @{m[1]}
        </span>,
      );
    else if (m[2] !== undefined) out.push(<strong key={k}>{m[2]}</strong>);
    else if (m[3] !== undefined) out.push(<em key={k}>{m[3]}</em>);
    else
      out.push(
        <a key={k} href={m[5]} className="text-blue-800 underline dark:text-blue-300" target="_blank" rel="noopener noreferrer nofollow">
          {m[4]}
        </a>,
      );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Paragraphs, and runs of "- " or "* " lines as a list. */
export function CommentBody({ body }: { body: string }) {
  const blocks: ReactNode[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length;) {
    if (/^\s*[-*] /.test(lines[i]!)) {
      const items: string[] = [];
      while (i < lines.length && /^\s*[-*] /.test(lines[i]!)) items.push(lines[i++]!.replace(/^\s*[-*] /, ''));
      blocks.push(
        <ul key={i} className="list-disc pl-5">
          {items.map((item, j) => (
            <li key={j}>{inline(item, `${i}-${j}`)}</li>
          ))}
        </ul>,
      );
    } else {
      const para: string[] = [];
      while (i < lines.length && !/^\s*[-*] /.test(lines[i]!)) para.push(lines[i++]!);
      const text = para.join('\n').trim();
      if (text)
        blocks.push(
          <p key={i} className="whitespace-pre-line">
            {inline(text, String(i))}
          </p>,
        );
    }
  }
  return <div className="space-y-1.5 break-words text-sm text-slate-800 dark:text-slate-200">{blocks}</div>;
}
