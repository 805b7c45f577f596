import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mentionedIds } from '@/lib/shared/validation/comments';
import { CommentBody } from './comment-body';

const html = (body: string) => renderToStaticMarkup(createElement(CommentBody, { body }));

describe('a comment’s body as people read it', () => {
  it('shows mentions as names, bold, italics, links and lists', () => {
    const out = html('Hi @[Dana Ortiz](user:12), **due Friday** and *maybe* [the plans](https://example.com/plans)\n- one\n- two');
    expect(out).toContain('@Dana Ortiz</span>');
    expect(out).not.toContain('user:12');
    expect(out).toContain('<strong>due Friday</strong>');
    expect(out).toContain('<em>maybe</em>');
    expect(out).toContain('href="https://example.com/plans"');
    expect(out).toContain('<ul class="list-disc pl-5"><li>one</li><li>two</li></ul>');
  });

  it('never renders a body as HTML: tags are text, script links are not links', () => {
    const out = html('<script>alert(1)</script> <img src=x onerror=alert(2)> [click](javascript:alert(3))');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;');
    expect(out).not.toContain('href="javascript');
  });

  it('finds the mentioned ids once each, in order', () => {
    expect(mentionedIds('@[A](user:3) and @[B](user:007) and @[A again](user:3) and @[bad](user:x)')).toEqual(['3', '7']);
  });
});
