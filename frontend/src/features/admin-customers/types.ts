import type { components } from '@/lib/api-schema';
import type { Pagination } from '@/lib/api-types';

type Schemas = components['schemas'];

/** A customer with their figures; `totalSpent` is rupees of the orders not CANCELED. */
export type Customer = Schemas['CustomerDto'];

export type CustomerSort = 'last_order' | 'spent_desc' | 'orders_desc' | 'name' | 'newest';

/** One order of a customer, as far as this page shows it. */
export interface CustomerOrder {
  id: string;
  orderDate: string;
  createdAt: string;
  orderTotal: number;
  deliveryStatus: string;
  paymentMethod: string;
  items: unknown[];
}

export interface CustomerDetail {
  data: { customer: Customer; orders: CustomerOrder[] };
  pagination: Pagination;
}
