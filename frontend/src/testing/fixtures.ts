import type { Category, Company, Order, OrderItem, Product, User, Variant } from '@/lib/api-types';
import type { Cart, CartItem } from '@/features/cart/types';
import { builder } from './builder';

export const variant = builder<Variant>(() => ({
  id: 'v-m',
  size: 'M',
  color: 'Blue',
  colorHexCode: '#1e40af',
  stock: 5,
  originalPrice: 1299.5,
  discountPrice: 200.5,
  // As the server computes them (kernel::price): MRP = price + saving; 200.5 of 1500 is 13 %.
  mrp: 1500,
  percentOff: 13,
}));

export const product = builder<Product>(() => ({
  id: 'p-1',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'A light shirt for warm days.',
  isBestSeller: false,
  category: { id: 'c-men', name: 'Men' },
  categoryId: 'c-men',
  images: [{ id: 'i-1', uploadId: 'u-1', url: '/uploads/shirt.jpg' }],
  variants: [
    variant({ id: 'v-l', size: 'L', stock: 0 }),
    variant({ id: 'v-s', size: 'S', stock: 3 }),
    variant({ id: 'v-m', size: 'M', stock: 5 }),
  ],
}));

export const category = builder<Category>(() => ({
  id: 'c-men',
  name: 'Men',
  slug: 'men',
  description: 'For him',
  parentId: null,
  imageUrl: '/uploads/men.jpg',
  uploads: [],
  subCategories: [],
}));

/** The company details as the default handler serves them (testing/server.ts); no grievance officer named. */
export const company = builder<Company>(() => ({
  name: 'Test Shop',
  email: 'hello@test.shop',
  phone: '9876543210',
  address: '1 MG Road',
  pincode: '560001',
  legalName: '',
  gstin: '',
  state: '',
  invoicePrefix: '',
  grievanceOfficer: '',
  grievanceDesignation: '',
  grievanceEmail: '',
  grievancePhone: '',
  logoUrl: null,
}));

export const user = builder<User>(() => ({
  id: 'u-1',
  username: 'asha',
  email: 'asha@example.com',
  userType: 'CUSTOMER',
  mobile: null,
  dob: null,
  firstName: 'asha',
  lastName: 'asha',
}));

/** A cart line of one piece of the default variant; `over` gives the server's figures for others. */
export function cartItem(over: Partial<CartItem> & { variant?: Partial<Variant> } = {}): CartItem {
  const { variant: v, ...rest } = over;
  return {
    id: 'ci-1',
    quantity: 1,
    lineTotal: 1299.5,
    lineMrp: 1500,
    lineDiscount: 200.5,
    product: {
      id: 'p-1',
      name: 'Linen Shirt',
      slug: 'linen-shirt',
      images: [{ id: 'i-1', url: '/uploads/shirt.jpg' }],
      variant: variant(v),
    },
    ...rest,
  };
}

/** A cart answer; `summary` holds the server's totals (zero unless given). */
export function cart(items: CartItem[], summary: Partial<Cart['summary']> = {}, removed: Cart['removed'] = []): Cart {
  return { items, summary: { subtotal: 0, discount: 0, tax: 0, total: 0, itemCount: items.length, ...summary }, removed };
}

/** A line of a delivered order that can be returned: two Cotton Kurtas (M, Indigo) at ₹999. */
export const orderItem = builder<OrderItem>(() => ({
  id: 'item-1',
  quantity: 2,
  priceAtPurchase: 999,
  mrp: 999,
  variantId: 'v-m',
  lineTotal: 1998,
  product: { id: 'p-1', name: 'Cotton Kurta', images: [], variant: { size: 'M', color: 'Indigo', originalPrice: 999 } },
}));

/** Asha's pending cash-on-delivery order of two Linen Shirts (M, Blue), sent to Ravi Kumar in Bengaluru. */
export const order = builder<Order>(() => ({
  id: 'abcdef12-3456-7890-aaaa-bbbbccccdddd',
  user: { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' },
  items: [
    orderItem({
      id: 'oi-1',
      priceAtPurchase: 1299.5,
      mrp: undefined,
      variantId: undefined,
      lineTotal: 2599,
      product: { id: 'p-1', name: 'Linen Shirt', images: [{ url: '/uploads/shirt.jpg' }], variant: { size: 'M', color: 'Blue', originalPrice: 1299.5 } },
    }),
  ],
  paymentMethod: 'COD',
  paymentStatus: 'PENDING',
  deliveryStatus: 'PENDING',
  status: 'pending',
  orderDate: '2025-03-14T10:30:00Z',
  orderTotal: 2599,
  address: { fullName: 'Ravi Kumar', phone: '9876543210', landmark: null, addressLine1: '12 MG Road', addressLine2: 'Flat 4', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' },
  expectedDeliveryDate: null,
  deliveredOn: null,
  createdAt: '2025-03-14T10:30:00Z',
  history: [{ from: null, to: 'PENDING', changedBy: 'asha', changedAt: '2025-03-14T10:30:00Z' }],
}));
