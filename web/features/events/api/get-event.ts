import { useQuery } from '@tanstack/react-query';
import { eventQueryOptions } from './keys';

export function useEvent(eventId: number) {
  const isValidId = Number.isSafeInteger(eventId) && eventId > 0 && eventId <= 2_147_483_647;
  return useQuery({ ...eventQueryOptions(eventId), enabled: isValidId });
}
