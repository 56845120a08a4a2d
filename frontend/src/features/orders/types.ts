export type DeliveryStatus = 'PENDING' | 'SHIPPED' | 'DELIVERED' | 'CANCELED';

export interface OrderItem {
  id: string;
  quantity: number;
  priceAtPurchase: number;
  /** The struck-through price per piece when bought: above priceAtPurchase for a sale item. */
  mrp?: number;
  /** The variant sold (null once deleted from the catalogue). */
  variantId?: string | null;
  /** Price at purchase × quantity, computed by the server. */
  lineTotal: number;
  product: {
    id: string;
    name: string;
    images: { url: string }[];
    variant: { size: string; color: string; originalPrice: number };
  };
}

export interface Order {
  id: string;
  user: { firstName: string; lastName: string; email: string };
  items: OrderItem[];
  paymentMethod: string;
  paymentStatus: string;
  deliveryStatus: DeliveryStatus;
  status: string;
  orderDate: string;
  orderTotal: number;
  address: { fullName?: string; phone?: string | null; landmark?: string | null; addressLine1: string; addressLine2?: string | null; city: string; state: string; postalCode: string };
  expectedDeliveryDate: string | null;
  deliveredOn: string | null;
  createdAt: string;
  /** Oldest first. `changedBy` is a role label for the customer: 'You' or 'Shop'. */
  history?: { from: string | null; to: string; changedBy: string | null; changedAt: string }[];
  /** The GST tax invoice, once the order shipped; the credit note, once an invoiced order was cancelled. */
  invoice?: { number: string; issuedOn: string } | null;
  creditNote?: { number: string; issuedOn: string } | null;
}
