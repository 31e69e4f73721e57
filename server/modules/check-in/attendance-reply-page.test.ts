import { describe, expect, it } from 'vitest';
import { badRequest } from '../../lib/http-error';
import { answeredPage, questionPage, refusalPage } from './attendance-reply-page';

const page = {
  purpose: 'cancel' as const,
  eventId: 7,
  userId: 'u1',
  firstName: 'Ana',
  title: '<script>alert(1)</script> & "friends"',
  date: new Date('2026-03-14T10:00:00Z'),
  isConfirmed: false,
};

/** The reminder's answer page, out of the routes (which do HTTP only): escaped, script-free, one stylesheet. */
describe('the reminder answer page', () => {
  it('escapes what the organizer wrote, runs no script and sets no style attribute', () => {
    for (const { html } of [
      questionPage(page, 'en', 'a.b'),
      answeredPage(page, 'ar'),
      refusalPage('de', badRequest('x', undefined, 'REPLY_LINK_INVALID')),
    ]) {
      expect(html).not.toMatch(/<script|\son\w+=|\sstyle=/i);
      expect(html.match(/<style>/g)).toHaveLength(1);
    }
    const question = questionPage(page, 'en', 'a"b').html;
    expect(question).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;');
    expect(question).toContain('action="/mail/attendance?token=a%22b"');
    expect(question).toContain('class="cancel"');
    expect(answeredPage(page, 'ar').html).toContain('dir="rtl"');
  });

  it('keeps the refusal status and code, and throws on anything that is no client mistake', () => {
    expect(refusalPage('en', badRequest('x', undefined, 'REPLY_LINK_INVALID'))).toMatchObject({
      status: 400,
      errorCode: 'REPLY_LINK_INVALID',
    });
    expect(() => refusalPage('en', new Error('database down'))).toThrow('database down');
  });
});
