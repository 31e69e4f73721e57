import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refusalText } from '@/lib/error-text';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';

/** Every friends read (lists, suggestions, a person's page): one change moves a person between them. */
function refreshFriendQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/friends'),
  });
}

/** The refusal in the reader's language (ALREADY_FRIENDS, a limit…), else the screen's own sentence. */
function useShowFailure() {
  const { t, i18n } = useTranslation('friends');
  return (error: Error) => {
    void refusalText(i18n, error).then((text) =>
      toast({ title: t('failedTitle'), description: text ?? t('failed'), variant: 'destructive' }),
    );
  };
}

type FriendAction =
  | { kind: 'ask'; userId: string }
  | { kind: 'accept' | 'decline'; requestId: number }
  | { kind: 'remove'; userId: string };

/**
 * The one mutation behind every friends button: ask, accept, decline, remove (or withdraw a request).
 * Every friends read is fetched again afterwards, so the tabs' counts and the buttons agree at once.
 */
export function useFriendAction() {
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  return useMutation<unknown, Error, FriendAction>({
    mutationFn: (action) => {
      switch (action.kind) {
        case 'ask':
          return callApi((api) => api.POST('/api/friends/requests', { body: { userId: action.userId } }));
        case 'accept':
          return callApi((api) =>
            api.POST('/api/friends/requests/{id}/accept', { params: { path: { id: action.requestId } } }),
          );
        case 'decline':
          return callApi((api) =>
            api.POST('/api/friends/requests/{id}/decline', { params: { path: { id: action.requestId } } }),
          );
        case 'remove':
          return callApi((api) => api.DELETE('/api/friends/{userId}', { params: { path: { userId: action.userId } } }));
      }
    },
    onSettled: () => refreshFriendQueries(queryClient),
    onError: showFailure,
  });
}
