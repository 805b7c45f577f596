import type { CallResponse } from '@/lib/shared/validation/calls';
import { resourceHooks } from './resource';

export type Call = CallResponse;

/** Calls, latest first by when they took place. */
const calls = resourceHooks<Call>('call', { sort: '-recorded_at' });

export const { listQuery: callsQuery, useList: useCalls, useCreate: useCreateCall, useUpdate: useUpdateCall } = calls;
