import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@contract/messages';
import { renderPage } from '../../app/server-render';

const me = { id: 'me-1', firstName: 'Mia', lastName: 'Me', profileImageUrl: null };
const other = { id: 'other-1', firstName: 'Otto', lastName: 'Other', profileImageUrl: null };

function message(id: number, sender: typeof me, fields: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    senderId: sender.id,
    content: `Message ${id}`,
    createdAt: new Date(Date.now() - (10 - id) * 60_000).toISOString(),
    sender: { firstName: sender.firstName, profileImageUrl: null },
    event: null,
    hiddenNotice: null,
    ...fields,
  };
}

const conversation: Conversation = {
  id: other.id,
  type: 'direct',
  name: null,
  participants: [{ id: other.id, firstName: other.firstName, lastName: other.lastName, profileImageUrl: null }],
  lastMessage: { content: 'Message 3', createdAt: new Date().toISOString(), senderId: me.id },
  unreadCount: 0,
};

function renderThread(messages: ChatMessage[]) {
  return renderPage({
    url: `/chat/${other.id}`,
    page: {
      user: { ...me, email: 'me@example.org', createdAt: new Date(0).toISOString(), emailVerified: true },
      queries: [
        { url: '/api/conversations', data: [conversation] },
        { url: `/api/conversations/${other.id}/messages`, data: messages },
      ],
    },
    renderedWith: { language: 'en', theme: 'light', timeZone: 'UTC' },
    timeoutMs: 10_000,
  });
}

describe('the chat thread and moderation (decisions §20)', () => {
  it("tells the sender of a hidden message why, and offers Report on the other person's messages only", async () => {
    const html = await renderThread([
      message(1, other),
      message(2, me, { hiddenNotice: { hiddenAt: new Date().toISOString(), note: 'Advertising in messages' } }),
      message(3, me),
    ]);
    expect(html.match(/data-testid="thread-message"/g)).toHaveLength(3);
    expect(html.match(/data-testid="message-hidden-notice"/g)).toHaveLength(1);
    expect(html).toContain('A moderator hid this message: only you see it.');
    expect(html).toContain('Why: Advertising in messages');
    expect(html.match(/data-testid="message-report"/g)).toHaveLength(1);
  });
});
