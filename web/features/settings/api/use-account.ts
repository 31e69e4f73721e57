import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, UpdateUserBody } from '@contract/account';
import type { MailSettings, UpdateMailSettingsBody } from '@contract/mail';
import type { User } from '@contract/users';
import { callApi } from '@/lib/call-api';
import { readQueryOptions } from '@/lib/api-read';
import { AUTH_USER_QUERY_KEY } from '@/lib/use-auth';

/** Read afresh on each visit: another device may have signed in meanwhile. */
const sessions = { ...readQueryOptions('/api/auth/sessions'), refetchOnMount: 'always' as const };
const SESSIONS_QUERY_KEY = sessions.queryKey;

/**
 * The signed-in sessions, the current one first. Read afresh on each visit: another device may have signed in
 * meanwhile.
 */
export function useSessions() {
  return useQuery(sessions);
}

/** PATCH /api/auth/user; the answer replaces the cached user, so the header's avatar and name change at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<User, Error, UpdateUserBody>({
    mutationFn: (body) => callApi((api) => api.PATCH('/api/auth/user', { body })),
    onSuccess: (user) => queryClient.setQueryData(AUTH_USER_QUERY_KEY, user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, ChangePasswordBody>({
    mutationFn: (body) => callApi((api) => api.POST('/api/auth/password', { body })),
    // The other sessions have ended: the list shrinks to this one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, void>({
    mutationFn: () => callApi((api) => api.POST('/api/auth/sessions/revoke-others')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useDeleteAccount() {
  return useMutation<unknown, Error, { password: string }>({
    mutationFn: (body) => callApi((api) => api.DELETE('/api/auth/user', { body })),
  });
}

const mailSettings = { ...readQueryOptions('/api/user/mail-settings'), refetchOnMount: 'always' as const };
const MAIL_SETTINGS_QUERY_KEY = mailSettings.queryKey;

/** The e-mail language and one switch per kind of mail. */
export function useMailSettings() {
  return useQuery(mailSettings);
}

/** The answer is the whole new state, so the switches show what the server stored. */
export function useUpdateMailSettings() {
  const queryClient = useQueryClient();
  return useMutation<MailSettings, Error, UpdateMailSettingsBody>({
    mutationFn: (body) => callApi((api) => api.PUT('/api/user/mail-settings', { body })),
    onSuccess: (settings) => queryClient.setQueryData(MAIL_SETTINGS_QUERY_KEY, settings),
  });
}
