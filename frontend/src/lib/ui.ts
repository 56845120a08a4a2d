import { create } from 'zustand';
import { dropPendingAction } from './pending-action';

/** The sign-in dialog's forms: Sign In, Create Account, Forgot Password. */
export type LoginMode = 'login' | 'register' | 'forgot';

interface UiState {
  loginOpen: boolean;
  /** Where to go after a successful login (the remembered target). */
  loginRedirect: string | null;
  loginMode: LoginMode;
  searchOpen: boolean;
}

export const useUi = create<UiState>(() => ({
  loginOpen: false,
  loginRedirect: null,
  loginMode: 'login',
  searchOpen: false,
}));

export function openLogin(redirect: string | null = null, mode: LoginMode = 'login'): void {
  useUi.setState({ loginOpen: true, loginRedirect: redirect, loginMode: mode });
}

export function closeLogin(): void {
  useUi.setState({ loginOpen: false });
}

/** The shopper closed the sign-in dialog without signing in: the action that asked for it is dropped too. */
export function dismissLogin(): void {
  dropPendingAction();
  closeLogin();
}

export function setSearchOpen(open: boolean): void {
  useUi.setState({ searchOpen: open });
}
