import type { components } from '@/lib/api-schema';

export type { DeliveryStatus, Order as AdminOrder, StatusChange } from '@/lib/api-types';

export type OrderSort = 'newest' | 'oldest' | 'total_desc' | 'total_asc';

/** Orders per status for the list's other filters (the tabs). */
export type StatusCounts = components['schemas']['StatusCountsDto'];
