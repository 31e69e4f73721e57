import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { cn } from '@/lib/utils';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import { useConversations } from '@/lib/api/get-conversations';
import { useCurrentUserId, useThread } from './api/use-chat-data';

/**
 * Chat at /chat and /chat/{id}. The conversations and threads are the user's real messages;
 * only sending is not wired. The selected conversation lives in the URL, so the Messages screen can
 * link straight to a thread and the browser's back button works. On small screens the list and the
 * thread alternate: /chat shows the list, /chat/{id} the thread with a back button.
 *
 * The panel fits the viewport below the header (list and thread scroll inside it, the composer stays
 * in reach, the page itself does not scroll on a laptop); on phones it fills the screen down to the bottom
 * navigation, and the floating developer panels stay out of it, so nothing covers the message box.
 */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const params = useParams<{ id?: string }>();
  const selectedId = params.id ? safeDecode(params.id) : null;
  const currentUserId = useCurrentUserId();
  const conversations = useConversations();
  const thread = useThread(selectedId);
  const selected = conversations.data?.find((conversation) => conversation.id === selectedId);

  return (
    // On a phone the panel takes exactly the room between the header and the bottom bar (the layout
    // makes way for a screen marked data-fills-phone-screen), so the composer sits on the bar.
    <div
      className="mx-auto w-full max-w-6xl sm:px-6 sm:pt-6 md:pb-6 max-md:flex max-md:min-h-0 max-md:flex-1 max-md:flex-col"
      data-fills-phone-screen
    >
      <div className="flex min-h-[20rem] overflow-hidden border-t border-border bg-card max-md:flex-1 sm:rounded-xl sm:border sm:shadow-sm md:h-[calc(100dvh-12.5rem)] md:max-h-[52rem] md:min-h-[26rem]">
        <section
          aria-label={t('listLabel')}
          className={cn(
            'min-h-0 w-full flex-col border-border md:flex md:w-80 md:shrink-0 md:border-e lg:w-96',
            selectedId ? 'hidden' : 'flex',
          )}
          data-testid="chat-list-pane"
        >
          <ConversationList
            conversations={conversations.data}
            isLoading={conversations.isLoading}
            isError={conversations.isError}
            onRetry={() => void conversations.refetch()}
            selectedId={selectedId}
            currentUserId={currentUserId}
          />
        </section>
        <section
          aria-label={t('threadPane')}
          className={cn('min-h-0 min-w-0 flex-1 flex-col md:flex', selectedId ? 'flex' : 'hidden')}
          data-testid="chat-thread-pane"
        >
          <ChatThread
            conversationId={selectedId}
            conversation={selected}
            messages={thread.data}
            isLoading={thread.isLoading}
            isError={thread.isError}
            onRetry={() => void thread.refetch()}
            currentUserId={currentUserId}
          />
        </section>
      </div>
    </div>
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
