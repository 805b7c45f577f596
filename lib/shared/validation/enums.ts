// The closed sets of the API, for forms and filters (db/schema/enums.ts holds them, import-free).
export * from '@/db/schema/enums';
export { EVENT_ACTIONS, EVENT_RESOURCES, EVENT_TYPES, MERGE_EVENT_TYPES } from '@/lib/shared/resources';
