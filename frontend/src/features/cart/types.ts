export interface CartVariant {
  id: string;
  size: string;
  color: string;
  colorHexCode: string | null;
  stock: number;
  originalPrice: number;
  discountPrice: number;
}

export interface CartItem {
  id: string;
  quantity: number;
  product: {
    id: string;
    name: string;
    slug: string;
    images: { id: string; url: string }[];
    variant: CartVariant;
  };
}

export interface CartSummary {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  itemCount: number;
}

export interface Cart {
  items: CartItem[];
  summary: CartSummary;
}
