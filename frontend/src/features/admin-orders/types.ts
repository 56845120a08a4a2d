export type DeliveryStatus = 'PENDING' | 'SHIPPED' | 'DELIVERED' | 'CANCELED';

export interface AdminOrderItem {
  id: string;
  quantity: number;
  priceAtPurchase: number;
  /** Price at purchase × quantity, computed by the server. */
  lineTotal: number;
  product: {
    id: string;
    name: string;
    images: { url: string }[];
    variant: { size: string; color: string; originalPrice: number } | null;
  };
}

export interface StatusChange {
  from: string | null;
  to: string;
  /** The username of whoever made the change ('Deleted account' when it is gone). */
  changedBy: string | null;
  changedAt: string;
}

export interface AdminOrder {
  id: string;
  user: { firstName: string; lastName: string; email: string } | null;
  items: AdminOrderItem[];
  paymentMethod: string;
  paymentStatus: string;
  deliveryStatus: DeliveryStatus;
  status: string;
  orderDate: string;
  orderTotal: number;
  address: {
    fullName?: string;
    phone?: string | null;
    landmark?: string | null;
    addressLine1: string;
    addressLine2?: string | null;
    city: string;
    state: string;
    postalCode: string;
  } | null;
  expectedDeliveryDate: string | null;
  deliveredOn: string | null;
  createdAt: string;
  history?: StatusChange[];
  /** The GST tax invoice, once the order shipped; the credit note, once an invoiced order was cancelled. */
  invoice?: { number: string; issuedOn: string } | null;
  creditNote?: { number: string; issuedOn: string } | null;
}

export type OrderSort = 'newest' | 'oldest' | 'total_desc' | 'total_asc';

/** Orders per status for the list's other filters (the tabs). */
export interface StatusCounts {
  all: number;
  pending: number;
  shipped: number;
  delivered: number;
  canceled: number;
}
