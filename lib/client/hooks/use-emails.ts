import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { EmailCaptureResponse, EmailResponse } from '@/lib/shared/validation/emails';
import { resourceHooks } from './resource';

export type Email = EmailResponse;
export type EmailCapture = EmailCaptureResponse;

/** Captured email (docs/email-capture.md): a record's, newest first; re-filed and deleted with If-Match. */
const emails = resourceHooks<Email>('email');

export const { keys: emailKeys, useList: useEmails, useUpdate: useUpdateEmail, useDelete: useDeleteEmail } = emails;

const captureKey = ['email_capture'] as const;

/** The account's capture address and its setting. */
export function useEmailCapture() {
  return useQuery({ queryKey: captureKey, queryFn: () => api.get<EmailCapture>('/email_capture', 'email_capture') });
}

export function useRotateEmailCapture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EmailCapture>('/email_capture/rotate', 'email_capture'),
    onSuccess: (answer) => qc.setQueryData(captureKey, answer),
  });
}

export function useUpdateEmailCapture() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: { create_contacts: boolean }) => api.patch<EmailCapture>('/email_capture', 'email_capture', { email_capture: changes }),
    onSuccess: (answer) => qc.setQueryData(captureKey, answer),
  });
}
