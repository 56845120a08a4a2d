export interface Address {
  id: string;
  userId: string;
  fullName: string;
  /** 10 digits; null on an address saved before phones were asked for. */
  phone: string | null;
  landmark: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  postalCode: string;
  isDefault: boolean;
}

export interface AddressInput {
  fullName: string;
  phone: string;
  landmark: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  isDefault: boolean;
}

export interface LoginInput {
  identifier: string;
  password: string;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  username: string;
  mobile: string;
  dob: string;
}

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
