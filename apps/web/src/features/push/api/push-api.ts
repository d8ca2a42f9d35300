import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CARE_PATHS,
  messageResponseSchema,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushKeySchema,
  pushTestResultSchema,
} from '@pet/contract';
import { api } from '@/lib/api-client';

export const PUSH_DEVICES_QUERY_KEY = ['push', 'devices'] as const;
export const PUSH_KEY_QUERY_KEY = ['push', 'key'] as const;
export const PUSH_SUBSCRIPTION_QUERY_KEY = ['push', 'subscription'] as const;

/** GET /v1/push/key: the server's VAPID key (503 Care_Push_Unavailable_Text: no push here). */
export function usePushKey(enabled: boolean) {
  return useQuery({
    queryKey: PUSH_KEY_QUERY_KEY,
    queryFn: ({ signal }) => api.get(CARE_PATHS.pushKey, pushKeySchema, { signal }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

/** GET /v1/push/devices: the signed-in user's devices. */
export function usePushDevices() {
  return useQuery({
    queryKey: PUSH_DEVICES_QUERY_KEY,
    queryFn: ({ signal }) => api.get(CARE_PATHS.pushDevices, pushDeviceListSchema, { signal }),
  });
}

export interface DeviceRegistration {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label: string | null;
}

/** POST /v1/push/device: this browser's subscription. */
export function useRegisterPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceRegistration) => api.post(CARE_PATHS.pushDevice, body, pushDeviceSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY }),
  });
}

/** DELETE /v1/push/device?id=: one of the user's devices. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(CARE_PATHS.pushDevice, messageResponseSchema, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY }),
  });
}

/** POST /v1/push/test: a test notification to every device of the user. */
export function useSendTestPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(CARE_PATHS.pushTest, {}, pushTestResultSchema),
    // A gone device is removed by the server.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY }),
  });
}
