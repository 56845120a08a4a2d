export type { DeliveryStatus, Order, OrderItem } from '@/lib/api-types';
