import type { CreateUserRequest } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { queryKeys } from '../../shared/query-keys';
import { toast } from '../../shared/toast';
import type { CommandReply } from './user-command';

/** POST /api/users: a new account with its first password (409 with fields.email when the email is taken). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateUserRequest) => apiSend<CommandReply>('POST', '/api/users', request),
    onSuccess: async () => {
      toast({ title: 'User created successfully' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: 'Failed to create user', variant: 'destructive' });
    },
  });
}
